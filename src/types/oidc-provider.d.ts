/**
 * The part of `oidc-provider` (v9, no bundled types) that the service (src/http/oauth/) and the
 * test stand-in (test/helpers/oidc-stand-in.ts) use.
 */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';
  /** Koa's context with the provider's `oidc` part (only what the service reads). */
  export interface KoaContextWithOIDC {
    type: string;
    body: unknown;
    oidc: { params?: Record<string, unknown>; session?: { accountId?: string }; account?: { accountId: string } };
  }
  export interface ClientInstance {
    clientId: string;
    grantTypeAllowed(type: string): boolean;
  }
  export interface GrantInstance {
    addOIDCScope(scope: string): void;
    addResourceScope(resource: string, scope: string): void;
    save(): Promise<string>;
    destroy(): Promise<void>;
  }
  export interface InteractionInstance {
    uid: string;
    exp: number;
    returnTo: string;
    prompt: { name: string; reasons: string[]; details: Record<string, unknown> };
    params: Record<string, unknown>;
    session?: { accountId?: string };
    grantId?: string;
    result?: Record<string, unknown>;
    save(ttl: number): Promise<string>;
  }
  /** The options the service sets (see the library's documentation for each). */
  export type Configuration = Record<string, unknown> & {
    adapter?: unknown;
    findAccount?: (ctx: KoaContextWithOIDC, sub: string) => Promise<{ accountId: string; claims: () => Record<string, unknown> } | undefined> | { accountId: string; claims: () => Record<string, unknown> } | undefined;
    interactions?: { url: (ctx: KoaContextWithOIDC, interaction: InteractionInstance) => string };
    issueRefreshToken?: (ctx: KoaContextWithOIDC, client: ClientInstance) => Promise<boolean>;
    renderError?: (ctx: KoaContextWithOIDC, out: Record<string, unknown>, error: Error) => Promise<void>;
    discovery?: Record<string, unknown>;
    features?: Record<string, unknown> & {
      resourceIndicators?: {
        enabled: boolean;
        defaultResource?: (ctx: KoaContextWithOIDC, client: ClientInstance, oneOf?: string) => Promise<string | string[] | undefined>;
        useGrantedResource?: (ctx: KoaContextWithOIDC, model: unknown) => Promise<boolean>;
        getResourceServerInfo?: (ctx: KoaContextWithOIDC, resource: string, client: ClientInstance) => Promise<Record<string, unknown>>;
      };
    };
  };
  export const errors: {
    InvalidTarget: new (description?: string) => Error;
  };
  export default class Provider {
    constructor(issuer: string, configuration: Configuration);
    proxy: boolean;
    Grant: (new (init: { accountId: string; clientId: string }) => GrantInstance) & { find(id: string): Promise<GrantInstance | undefined> };
    Interaction: { find(uid: string): Promise<InteractionInstance | undefined> };
    Client: { find(id: string): Promise<(ClientInstance & { metadata(): Record<string, unknown> }) | undefined> };
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<{ uid: string; prompt: { name: string }; params: Record<string, unknown> }>;
    interactionFinished(req: IncomingMessage, res: ServerResponse, result: Record<string, unknown>, options?: { mergeWithLastSubmission?: boolean }): Promise<void>;
    on(event: string, listener: (...args: unknown[]) => void): this;
  }
}
