/** The shape of the connection catalogue: types, their form fields and where each field is stored. */

export type ConnectionCategory = 'data' | 'cloud' | 'notification' | 'other';

export type ConnectionFieldKind = 'text' | 'secret' | 'number' | 'boolean' | 'select' | 'textarea';

/** Where a form field lands on the connection: a column, or `properties[name]`. */
export type ConnectionFieldTarget = 'url' | 'username' | 'password' | 'certificate' | 'insecure_tls' | 'property';

export interface ConnectionField {
  name: string;
  label: string;
  kind: ConnectionFieldKind;
  required?: boolean;
  default?: string | number | boolean;
  options?: readonly string[];
  target: ConnectionFieldTarget;
}

/** Form values by field name, as a notification form holds them when it composes the channel URL. */
export type ConnectionFormValues = Record<string, string | number | boolean | null | undefined>;

export interface ConnectionTypeInfo {
  label: string;
  category: ConnectionCategory;
  hidden?: boolean;
  fields: readonly ConnectionField[];
  /** Notification types: the channel URL (shoutrrr style) the form stores in `url`. */
  composeUrl?: (values: ConnectionFormValues) => string;
}

// Field builders: most types share the column fields and differ only in labels and whether they are required.
export const urlField = (label = 'URL', required = true): ConnectionField => ({
  name: 'url',
  label,
  kind: 'text',
  required,
  target: 'url',
});
export const usernameField = (label = 'Username', required = true): ConnectionField => ({
  name: 'username',
  label,
  kind: 'text',
  required,
  target: 'username',
});
export const passwordField = (label = 'Password', required = true): ConnectionField => ({
  name: 'password',
  label,
  kind: 'secret',
  required,
  target: 'password',
});
export const certificateField = (label = 'Certificate', required = false): ConnectionField => ({
  name: 'certificate',
  label,
  kind: 'textarea',
  required,
  target: 'certificate',
});
export const insecureTlsField: ConnectionField = {
  name: 'insecure_tls',
  label: 'Insecure TLS',
  kind: 'boolean',
  default: false,
  target: 'insecure_tls',
};
export const propertyField = (
  name: string,
  label: string,
  opts: Partial<Omit<ConnectionField, 'name' | 'label' | 'target'>> = {},
): ConnectionField => ({ name, label, kind: 'text', ...opts, target: 'property' });
