// People (users and their profile fields) as other modules use them, e.g. team membership by e-mail.
export { PeopleService } from './people.service.js';
