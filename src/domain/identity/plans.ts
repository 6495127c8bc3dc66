/**
 * The plans a user can be put on. A leaf (it imports nothing), so that the command line's help can
 * name them without loading the database modules (src/cli/main.ts).
 */
export const PLAN_CODES = ['trial', 'core', 'professional', 'enterprise'] as const;
export type PlanCode = (typeof PLAN_CODES)[number];
