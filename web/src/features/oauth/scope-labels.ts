/** Short names of the OAuth scopes for lists (the consent page shows the server's own sentences). */
export const SCOPE_LABELS: Record<string, string> = {
  read: 'Read your intelligence',
  write: 'Change your saved items, watchlist, alerts and preferences',
  mcp: 'Use the AI tool server',
  admin: 'Act as an administrator',
};
