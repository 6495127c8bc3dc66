/** Watch / stop watching a project: a toggle button (aria-pressed) naming the project for screen readers. */
import { Button } from '@mantine/core';
import { useWatchProject } from '../api/watch-project';

export function WatchButton({ id, title, watched, size = 'xs' }: { id: string; title: string; watched: boolean; size?: 'xs' | 'sm' }) {
  const watch = useWatchProject();
  const pending = watch.isPending && watch.variables?.id === id;
  return (
    <Button size={size} variant={watched ? 'filled' : 'light'} loading={pending} aria-pressed={watched}
      aria-label={`${watched ? 'Watching' : 'Watch'} ${title}`} onClick={() => watch.mutate({ id, watch: !watched })}>
      {watched ? 'Watching' : 'Watch'}
    </Button>
  );
}
