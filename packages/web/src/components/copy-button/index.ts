// Copy to clipboard with success and failure toasts: `copyText(text, message?)` and `<CopyButton text=… />`.
export * from './copy-button';
export * from './copy-text';
