/** Expiry choices of a new personal access token (the server takes 'never' or a number with h, d or w). */
export const TOKEN_EXPIRY_OPTIONS = [
  { value: 'never', label: 'Never' },
  { value: '1d', label: '1 day' },
  { value: '7d', label: '7 days' },
  { value: '30d', label: '30 days' },
  { value: '90d', label: '90 days' },
  { value: '52w', label: '1 year' },
] as const;
