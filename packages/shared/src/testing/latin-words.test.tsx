import { render } from '@testing-library/react';
import { expectNoLatinWords, latinWordsIn } from './latin-words';

// The Russian-only check every screen's test can run: what it finds, what it lets through.

describe('latinWordsIn', () => {
  it('finds words in texts, tooltips, placeholders, accessible names and SVG titles', () => {
    const { container } = render(
      <div>
        <h2>Rooming list</h2>
        <button type="button" aria-label="Close">
          ×
        </button>
        <input placeholder="Search…" aria-label="Поиск" />
        <span title="Nothing here">—</span>
        <img alt="logo" src="data:," />
        <svg>
          <title>No Found</title>
        </svg>
        <p aria-description="Описание">Готово</p>
      </div>,
    );
    expect(latinWordsIn(container).map((found) => found.word)).toEqual([
      'Rooming',
      'list',
      'Close',
      'Search',
      'Nothing',
      'here',
      'logo',
      'No',
      'Found',
    ]);
    expect(latinWordsIn(container)[2]).toEqual({
      word: 'Close',
      where: 'button[aria-label="Close"]',
    });
    expect(latinWordsIn(container)[0]).toEqual({ word: 'Rooming', where: '«Rooming list»' });
  });

  it('lets codes, icon glyphs, hidden parts and the test’s own data through', () => {
    const { container } = render(
      <div>
        <p>Список размещения (XLSX), ваучер (DOCX)</p>
        <p>DBL × 2, SGL × 1 · BB — завтраки · PNR X7K2LM · TK 347 FRU → AYT · $1 200,00 USD</p>
        <button type="button">
          <span role="img" aria-label="download" className="anticon" />
          Скачать
        </button>
        <p hidden>Hidden text</p>
        <style>{'.x { color: red }'}</style>
        <p>Поставщик: Hilton Tokyo, groups@hilton.example</p>
      </div>,
    );
    expect(latinWordsIn(container, { data: ['Hilton Tokyo', /\S+@\S+/] })).toEqual([]);
    expect(latinWordsIn(container, { data: [/\S+@\S+/g] }).map((found) => found.word)).toEqual([
      'Hilton',
      'Tokyo',
    ]);
  });
});

describe('latinWordsIn, a text broken by line-break hints', () => {
  it('reads a text across its <wbr> as one, so the test’s data still covers it', () => {
    const { container } = render(
      <p>
        Почта: groups@
        <wbr />
        hilton
        <wbr />
        .example, <b>Hotel</b>
      </p>,
    );
    expect(latinWordsIn(container, { data: ['groups@hilton.example'] })).toEqual([
      { word: 'Hotel', where: '«Hotel»' },
    ]);
  });
});

describe('expectNoLatinWords', () => {
  it('passes a Russian screen and names each word of another', () => {
    const russian = render(<p>Бронирования не найдены</p>).container;
    expect(() => expectNoLatinWords(russian)).not.toThrow();
    const english = render(<p>No Found</p>).container;
    expect(() => expectNoLatinWords(english)).toThrow(
      'Латинские слова в интерфейсе (2):\n  No — «No Found»\n  Found — «No Found»',
    );
  });
});
