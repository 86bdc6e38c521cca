import { readFile } from 'node:fs/promises';
import { demoReferences } from '#sandbox/warehouse/demo-references';
import { pdfText } from '#server/testing/pdf-text';
import { expect, test } from './support/fixtures';

test('a manager sees the days left to claim the demo receive finalized short, and downloads its claim packet', async ({
  page,
}) => {
  const reference = demoReferences.receives.short;

  // The start page's queue of receives finished short or over counts down too (the first five shown).
  await page.goto('/');
  const queue = page.getByRole('region', { name: 'Received short or over' });
  await expect(queue.getByRole('listitem').first().getByTestId('claim-window')).toHaveText(
    /^\d+ days? left to claim \(until .+\)$/,
  );

  await page.goto(`/receives/${reference}`);
  const countdown = page.getByTestId('claim-window');
  await expect(countdown).toHaveText(/^\d+ days? left to claim \(until .+\)$/);
  const missing = await page.getByTestId('discrepancies').getByRole('listitem').allTextContents();
  expect(missing.length).toBeGreaterThan(0);

  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Claim packet (PDF)' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toBe(`claim-${reference}.pdf`);
  const text = (await pdfText(await readFile(await download.path()))).replace(/\s+/g, ' ');
  // The packet names each short line as the page does, the supplier, and the same countdown.
  for (const line of missing) expect(text).toContain(line);
  expect(text).toContain('Peak Naturals');
  expect(text).toContain(await countdown.textContent());
});
