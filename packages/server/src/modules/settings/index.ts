// Settings as the rest of the server uses them: reading a property and syncing the local properties file.
export { readProperty, syncLocalProperties } from './settings.service.js';
