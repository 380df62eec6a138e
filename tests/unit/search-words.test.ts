import { describe, expect, it } from 'vitest';
import { listedRuns, searchPhrases, searchWords } from '#core/catalog/search-words';

const synonyms = [
  { term: 'titus', means: 'mackerel' },
  { term: 'kpanla', means: 'panla' },
  { term: 'eja', means: 'fish' },
  { term: 'smoke fish', means: 'smoked' },
];

describe('the phrases a search looks for (issue 34)', () => {
  it('keeps the words as typed first, lower-cased, punctuation and all', () => {
    expect(searchPhrases('50%', synonyms)).toEqual(['50%']);
    expect(searchPhrases('Catfish', synonyms)).toEqual(['catfish']);
    expect(searchPhrases('', synonyms)).toEqual([]);
  });

  it('adds each name buyers use, replaced by the word the products use, as whole words only', () => {
    expect(searchPhrases('Titus', synonyms)).toEqual(['titus', 'mackerel']);
    expect(searchPhrases('smoked titus', synonyms)).toEqual([
      'smoked titus',
      'smoked mackerel',
      'smokedtitus',
    ]);
    expect(searchPhrases('KPANLA!', synonyms)).toEqual(['kpanla!', 'panla']);
    expect(searchPhrases('eja kika', synonyms)).toEqual(['eja kika', 'fish kika', 'ejakika']);
    expect(searchPhrases('ejaculate', synonyms)).toEqual(['ejaculate']);
    expect(searchPhrases('smoke fish', synonyms)).toEqual(['smoke fish', 'smoked', 'smokefish']);
  });

  it('runs words typed apart together: "stock fish" finds "stockfish"', () => {
    expect(searchPhrases('stock fish', [])).toEqual(['stock fish', 'stockfish']);
    expect(searchPhrases('  cat   fish ', [])).toEqual(['cat   fish', 'catfish']);
  });

  it('compares names in lower case, letters and digits, accents dropped', () => {
    expect(searchWords('  Ẹja  Kíká! ')).toBe('eja kika');
    expect(searchWords('%_')).toBe('');
  });
});

describe('the runs of letters the word list vouches for', () => {
  it('are runs of four letters or more; digits and short words are never looked up', () => {
    expect(listedRuns('catfsh')).toEqual(['catfsh']);
    expect(listedRuns('zzzz-nothing')).toEqual(['zzzz', 'nothing']);
    expect(listedRuns('feed 15kg 2mm net')).toEqual(['feed']);
    expect(listedRuns('batch 12345')).toEqual(['batch']);
  });
});
