/**
 * A form's conditional writes (decision 0050): the version of the record the form was loaded
 * from, sent back as `If-Match` with every save and moved to the version each save answers; a
 * save from a stale version is refused with 409 and {@link WriteStatus} offers `reload`, which reads
 * the latest version (the form then shows it). Used by every desk form that edits a versioned
 * record: projects, tenders, calendar events, articles, editions, news sources, media.
 */
import { useState } from 'react';

/** The loaded version of `loaded`, and the reload a stale write offers (`read` fetches the record afresh). */
export function useLoadedVersion<R extends { version: string }>(loaded: R, read: () => Promise<R>) {
  const [version, setVersion] = useState(loaded.version);
  return {
    /** The version the form's values were read at. */
    version,
    /** Call with a save's answer: the next save is made from it. */
    saved: (record: R) => setVersion(record.version),
    /** Reads the latest version and makes it the loaded one; returns it. */
    reload: async (): Promise<R> => {
      const fresh = await read();
      setVersion(fresh.version);
      return fresh;
    },
  };
}
