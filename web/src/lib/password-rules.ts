/** The checks the form makes before the service's own (NIST SP 800-63B: length only, no composition rules). */
export const newPasswordRules = {
  password: (v: string) => (v.length >= 8 ? null : 'Use at least 8 characters'),
  confirm: (v: string, values: { password: string }) => (v === values.password ? null : 'The two passwords differ'),
};
