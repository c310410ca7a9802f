// Copy to clipboard with the spec's toasts: `copyText(text, message?)` and `<CopyButton text=… />`.
export * from './copy-button';
export * from './copy-text';
