/**
 * DNS-rebinding protection of the MCP endpoint (MCP specification, transports: "Servers MUST
 * validate the Origin header … if the Origin header is present and invalid, servers MUST respond
 * with HTTP 403 Forbidden"). A web page on a foreign origin whose name was re-pointed at this
 * server must not reach it through a user's browser: a request is answered 403 `{error}` before any
 * authentication when
 *
 * - its `Host` names a host that is not allowed (default: `localhost`, `127.0.0.1`, `[::1]`, the
 *   host of PUBLIC_BASE_URL; more with MCP_ALLOWED_HOSTS), or
 * - it carries an `Origin` (browsers do; agent clients usually do not, and keep working) whose host
 *   is not allowed (default: the same hosts; more with MCP_ALLOWED_ORIGINS, or `*` for any).
 *
 * Hosts are compared without the port (a rebinding attack changes the name, not the port).
 */

/** The allowed hosts and origins; `'*'` alone turns a check off. */
export interface OriginPolicy {
  /** Host names (lower-case, IPv6 in brackets) accepted in `Host`. */
  hosts: string[];
  /** Host names accepted in `Origin`. */
  origins: string[];
}

/** Local names, always allowed. */
export const LOCAL_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/** The host name of `Host`-style `name[:port]` or of a URL, lower-case, IPv6 in brackets; undefined when unreadable. */
export function hostNameOf(value: string, isUrl = false): string | undefined {
  try {
    const url = new URL(isUrl ? value : `http://${value}`);
    if (isUrl && !/^https?:$/.test(url.protocol)) return undefined;
    return url.hostname.toLowerCase() || undefined;
  } catch {
    return undefined;
  }
}

/**
 * The policy of a deployment: the local names and the public base URL's host, plus the configured
 * extras (`MCP_ALLOWED_HOSTS`, `MCP_ALLOWED_ORIGINS`: comma-separated host names or origins; `*`).
 */
export function originPolicy(publicBaseUrl: string | undefined, extraHosts: readonly string[] = [], extraOrigins: readonly string[] = []): OriginPolicy {
  const publicHost = publicBaseUrl ? hostNameOf(publicBaseUrl, true) : undefined;
  const names = (list: readonly string[]) =>
    list.map((entry) => (entry === '*' ? '*' : (hostNameOf(entry, /^[a-z]+:\/\//i.test(entry)) ?? entry.toLowerCase())));
  const base = [...LOCAL_HOSTS, ...(publicHost ? [publicHost] : [])];
  const hosts = [...new Set([...base, ...names(extraHosts)])];
  const origins = [...new Set([...hosts.filter((h) => h !== '*'), ...names(extraOrigins)])];
  return { hosts, origins };
}

/** Why a request is refused, or undefined when its Host and Origin are allowed. */
export function refusedOrigin(policy: OriginPolicy, host: string | undefined, origin: string | undefined): string | undefined {
  if (!policy.hosts.includes('*')) {
    const name = host ? hostNameOf(host) : undefined;
    if (!name || !policy.hosts.includes(name)) {
      return `Host ${JSON.stringify(host ?? '')} is not allowed for the MCP endpoint (DNS-rebinding protection); allowed hosts are set with MCP_ALLOWED_HOSTS`;
    }
  }
  if (origin !== undefined && !policy.origins.includes('*')) {
    const name = hostNameOf(origin, true);
    if (!name || !policy.origins.includes(name)) {
      return `Origin ${JSON.stringify(origin)} is not allowed for the MCP endpoint (DNS-rebinding protection); allowed origins are set with MCP_ALLOWED_ORIGINS`;
    }
  }
  return undefined;
}
