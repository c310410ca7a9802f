import { CONFIG_TYPE_FILTER_SEPARATOR, CONFIG_TYPE_SEPARATOR } from '../constants.js';

/** Encodes a config type for a filter value: 'Kubernetes::Pod' → 'Kubernetes__Pod' ('::' is not safe in a URL filter). */
export function encodeConfigType(type: string): string {
  return type.split(CONFIG_TYPE_SEPARATOR).join(CONFIG_TYPE_FILTER_SEPARATOR);
}

/** Decodes a filter value back to a config type: 'Kubernetes__Pod' → 'Kubernetes::Pod'. */
export function decodeConfigType(value: string): string {
  return value.split(CONFIG_TYPE_FILTER_SEPARATOR).join(CONFIG_TYPE_SEPARATOR);
}
