import type { ConsoleDatabase } from '../../store/sqlite/console-db';
import type { KnownSpellings, SpellingQuestion } from '../search/close-spellings';

/** Which of the words of names and emails, and which references, the index holds (close-spellings.ts). */
export function spellingLookup(db: ConsoleDatabase, organization: string) {
  const words = db.prepare<[string], { word: string }>(
    'SELECT word FROM search_words WHERE word IN (SELECT value FROM json_each(?))',
  );
  const references = db.prepare<[string, string], { reference: string }>(
    `SELECT DISTINCT reference FROM records
     WHERE org = ? AND reference_key IN (SELECT value FROM json_each(?))`,
  );
  return (question: SpellingQuestion): KnownSpellings => ({
    words: words.all(JSON.stringify(question.words)).map((row) => row.word),
    references: references
      .all(organization, JSON.stringify(question.referenceKeys))
      .map((row) => row.reference),
  });
}
