// The app's one form approach: react-hook-form + zod (`useAppForm`, `Form`) and fields that draw
// label, control and error, validated on blur and change; submit shows every error.
export * from './checkbox-group-field';
export * from './controlled-field';
export * from './form';
export * from './form-error';
export * from './select-field';
export * from './switch-field';
export * from './text-field';
export * from './use-app-form';
export * from './use-field-error';
export * from './zod-resolver';
