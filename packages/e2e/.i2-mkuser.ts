import { openE2eDb } from './src/e2e-db.js';
import { createUser } from './src/users.js';
const db = openE2eDb(process.env.PG!);
console.log(JSON.stringify(await createUser(db, ['viewer'], 'Edna')));
await db.close();
