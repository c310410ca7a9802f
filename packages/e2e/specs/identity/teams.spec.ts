import { randomBytes } from 'node:crypto';
import { TEAM_MESSAGES } from '@ops/shared';
import { expect, test } from '../../src/fixtures.js';

test('the admin creates a team, adds two people at once and removes one', async ({ signedInPage: page, createUser }) => {
  test.slow(); // many steps; the shared CI machine also runs the other worker
  const [ann, bob] = [
    await createUser(['responder'], `Ann${randomBytes(2).toString('hex')}`),
    await createUser(['viewer'], `Bob${randomBytes(2).toString('hex')}`),
  ];
  const name = `e2e-team-${randomBytes(4).toString('hex')}`;

  await page.goto('/settings/teams');
  await page.getByRole('link', { name: 'Add Team' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('This field is required')).toBeVisible();
  await page.getByLabel('Name').fill(name);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`${name} created successfully`)).toBeVisible();
  await expect(page).toHaveURL(/\/settings\/teams\/[0-9a-f-]{36}\?tab=manageTeam/);
  await expect(page.getByText(TEAM_MESSAGES.noMembers)).toBeVisible();

  await page.getByRole('button', { name: 'Add Members' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add team members' });
  for (const person of [ann, bob]) {
    await dialog.getByLabel('Search people').fill(person.email);
    await dialog.getByRole('checkbox', { name: person.name }).click();
  }
  await dialog.getByRole('button', { name: 'Add (2)' }).click();
  await expect(page.getByText(TEAM_MESSAGES.added(`${ann.name}, ${bob.name}`))).toBeVisible();
  const members = page.getByRole('region', { name: 'Team members' });
  await expect(members.getByText(ann.email)).toBeVisible();
  await expect(members.getByText(bob.email)).toBeVisible();

  await members.getByRole('button', { name: `Remove ${ann.name}` }).click();
  await page.getByRole('dialog', { name: 'Remove team member' }).getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText(TEAM_MESSAGES.removed(ann.name))).toBeVisible();
  await expect(members.getByText(ann.email)).toHaveCount(0);
  await expect(members.getByText(bob.email)).toBeVisible();

  // The list shows the team; the other tabs are in the URL.
  await page.getByRole('tab', { name: 'Job History' }).click();
  await expect(page).toHaveURL(/tab=jobHistory/);
  await page.goto('/settings/teams');
  await expect(page.getByRole('table', { name: 'Teams' }).getByRole('row').filter({ hasText: name })).toBeVisible();
});
