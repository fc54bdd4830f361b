import { strFromU8, strToU8, unzipSync, zipSync, type Zippable } from 'fflate';

/**
 * A native Excel chart added to a workbook exceljs has written (exceljs writes no charts;
 * DESIGN.md 7): the chart part, a drawing that anchors it on a sheet, their relationships and
 * content types, put into the file's zip. The chart reads its data from the sheet's cells (and
 * carries the same values as its cache, for viewers that do not compute): the categories in one
 * block of cells (a column or a row), each series in another of the same length, as bars or as a
 * line.
 */
/** A block of cells: one column of rows, or one row of columns (1-based, inclusive). */
export interface CellRange {
  fromRow: number;
  fromColumn: number;
  toRow: number;
  toColumn: number;
}

export interface ChartSeries {
  name: string;
  cells: CellRange;
  values: readonly number[];
}

export interface SheetChart {
  /** The sheet that holds the data and shows the chart. */
  sheet: string;
  title: string;
  /** The categories (the months): their cells and texts. */
  categories: { cells: CellRange; texts: readonly string[] };
  bars: readonly ChartSeries[];
  lines: readonly ChartSeries[];
  /** Where the chart lies: 0-based columns and rows of its corners. */
  anchor: { fromColumn: number; fromRow: number; toColumn: number; toRow: number };
}

const escapeXml = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (char) => `&${{ '<': 'lt', '>': 'gt', '&': 'amp', "'": 'apos', '"': 'quot' }[char]};`,
  );

/** A column's letters: 1 → A, 28 → AB. */
export function columnLetters(column: number): string {
  let letters = '';
  for (let n = column; n > 0; n = Math.floor((n - 1) / 26)) {
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  }
  return letters;
}

function range(sheet: string, cells: CellRange): string {
  const corner = (column: number, row: number) => `$${columnLetters(column)}$${row}`;
  return (
    `'${sheet.replace(/'/g, "''")}'!` +
    `${corner(cells.fromColumn, cells.fromRow)}:${corner(cells.toColumn, cells.toRow)}`
  );
}

function categoryXml(chart: SheetChart): string {
  const points = chart.categories.texts
    .map((text, index) => `<c:pt idx="${index}"><c:v>${escapeXml(text)}</c:v></c:pt>`)
    .join('');
  return (
    `<c:cat><c:strRef><c:f>${escapeXml(range(chart.sheet, chart.categories.cells))}</c:f>` +
    `<c:strCache><c:ptCount val="${chart.categories.texts.length}"/>${points}</c:strCache></c:strRef></c:cat>`
  );
}

function seriesXml(chart: SheetChart, series: ChartSeries, index: number, line: boolean): string {
  const points = series.values
    .map((value, point) => `<c:pt idx="${point}"><c:v>${value}</c:v></c:pt>`)
    .join('');
  return (
    `<c:ser><c:idx val="${index}"/><c:order val="${index}"/>` +
    `<c:tx><c:v>${escapeXml(series.name)}</c:v></c:tx>` +
    (line
      ? '<c:marker><c:symbol val="circle"/><c:size val="6"/></c:marker>'
      : '<c:invertIfNegative val="0"/>') +
    categoryXml(chart) +
    `<c:val><c:numRef><c:f>${escapeXml(range(chart.sheet, series.cells))}</c:f>` +
    `<c:numCache><c:formatCode>General</c:formatCode><c:ptCount val="${series.values.length}"/>${points}</c:numCache></c:numRef></c:val>` +
    (line ? '<c:smooth val="0"/>' : '') +
    '</c:ser>'
  );
}

function chartXml(chart: SheetChart): string {
  const axes = '<c:axId val="500001"/><c:axId val="500002"/>';
  const bars = chart.bars.map((series, index) => seriesXml(chart, series, index, false)).join('');
  const lines = chart.lines
    .map((series, index) => seriesXml(chart, series, chart.bars.length + index, true))
    .join('');
  return (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
    '<c:chartSpace xmlns:c="http://schemas.openxmlformats.org/drawingml/2006/chart" ' +
    'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" ' +
    'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">' +
    '<c:roundedCorners val="0"/><c:chart>' +
    `<c:title><c:tx><c:rich><a:bodyPr/><a:p><a:r><a:t>${escapeXml(chart.title)}</a:t></a:r></a:p></c:rich></c:tx><c:overlay val="0"/></c:title>` +
    '<c:autoTitleDeleted val="0"/><c:plotArea><c:layout/>' +
    (bars
      ? `<c:barChart><c:barDir val="col"/><c:grouping val="clustered"/><c:varyColors val="0"/>${bars}<c:gapWidth val="80"/>${axes}</c:barChart>`
      : '') +
    (lines
      ? `<c:lineChart><c:grouping val="standard"/><c:varyColors val="0"/>${lines}<c:marker val="1"/>${axes}</c:lineChart>`
      : '') +
    '<c:catAx><c:axId val="500001"/><c:scaling><c:orientation val="minMax"/></c:scaling><c:delete val="0"/>' +
    '<c:axPos val="b"/><c:numFmt formatCode="General" sourceLinked="1"/><c:tickLblPos val="low"/>' +
    '<c:crossAx val="500002"/><c:crosses val="autoZero"/><c:auto val="1"/><c:lblAlgn val="ctr"/>' +
    '<c:lblOffset val="100"/></c:catAx>' +
    '<c:valAx><c:axId val="500002"/><c:scaling><c:orientation val="minMax"/></c:scaling><c:delete val="0"/>' +
    '<c:axPos val="l"/><c:majorGridlines/><c:numFmt formatCode="#,##0" sourceLinked="0"/>' +
    '<c:tickLblPos val="nextTo"/><c:crossAx val="500001"/><c:crosses val="autoZero"/>' +
    '<c:crossBetween val="between"/></c:valAx></c:plotArea>' +
    '<c:legend><c:legendPos val="b"/><c:overlay val="0"/></c:legend><c:plotVisOnly val="1"/>' +
    '<c:dispBlanksAs val="gap"/></c:chart></c:chartSpace>'
  );
}

function drawingXml(chart: SheetChart, relationId: string): string {
  const { fromColumn, fromRow, toColumn, toRow } = chart.anchor;
  const corner = (tag: string, column: number, row: number) =>
    `<xdr:${tag}><xdr:col>${column}</xdr:col><xdr:colOff>0</xdr:colOff><xdr:row>${row}</xdr:row><xdr:rowOff>0</xdr:rowOff></xdr:${tag}>`;
  return (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
    '<xdr:wsDr xmlns:xdr="http://schemas.openxmlformats.org/drawingml/2006/spreadsheetDrawing" ' +
    'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main">' +
    '<xdr:twoCellAnchor editAs="oneCell">' +
    corner('from', fromColumn, fromRow) +
    corner('to', toColumn, toRow) +
    '<xdr:graphicFrame macro=""><xdr:nvGraphicFramePr>' +
    `<xdr:cNvPr id="2" name="${escapeXml(chart.title)}"/><xdr:cNvGraphicFramePr/></xdr:nvGraphicFramePr>` +
    '<xdr:xfrm><a:off x="0" y="0"/><a:ext cx="0" cy="0"/></xdr:xfrm>' +
    '<a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/chart">' +
    '<c:chart xmlns:c="http://schemas.openxmlformats.org/drawingml/2006/chart" ' +
    `xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" r:id="${relationId}"/>` +
    '</a:graphicData></a:graphic></xdr:graphicFrame><xdr:clientData/></xdr:twoCellAnchor></xdr:wsDr>'
  );
}

const RELATIONSHIPS_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const DRAWING_TYPE = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/drawing';
const CHART_TYPE = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/chart';

/** The sheet's part in the zip (`xl/worksheets/sheet2.xml`), found through the workbook's parts. */
function sheetPath(files: Record<string, Uint8Array>, name: string): string {
  const workbook = strFromU8(files['xl/workbook.xml']!);
  const sheet = [...workbook.matchAll(/<sheet\b[^>]*>/g)]
    .map((match) => match[0])
    .find((tag) => tag.includes(`name="${escapeXml(name)}"`));
  const id = sheet?.match(/r:id="([^"]+)"/)?.[1];
  if (!id) throw new Error(`В книге нет листа «${name}»`);
  const relations = strFromU8(files['xl/_rels/workbook.xml.rels']!);
  const target = [...relations.matchAll(/<Relationship\b[^>]*>/g)]
    .map((match) => match[0])
    .find((tag) => tag.includes(`Id="${id}"`))
    ?.match(/Target="([^"]+)"/)?.[1];
  if (!target) throw new Error(`Лист «${name}» не найден среди частей книги`);
  return target.startsWith('/') ? target.slice(1) : `xl/${target}`;
}

/** The elements a worksheet's `<drawing>` must come before (ECMA-376 CT_Worksheet order). */
const AFTER_DRAWING = [
  '<legacyDrawing',
  '<legacyDrawingHF',
  '<drawingHF',
  '<picture',
  '<oleObjects',
  '<controls',
  '<webPublishItems',
  '<tableParts',
  '<extLst',
  '</worksheet>',
];

/** The workbook with the chart added on its sheet (one chart per workbook). */
export function withChart(xlsx: Uint8Array, chart: SheetChart): Buffer {
  const files = unzipSync(xlsx);
  const sheet = sheetPath(files, chart.sheet);
  const sheetFile = sheet.split('/').pop()!;
  const sheetRelsPath = `xl/worksheets/_rels/${sheetFile}.rels`;

  files['xl/charts/chart1.xml'] = strToU8(chartXml(chart));
  files['xl/drawings/drawing1.xml'] = strToU8(drawingXml(chart, 'rId1'));
  files['xl/drawings/_rels/drawing1.xml.rels'] = strToU8(
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
      `<Relationships xmlns="${RELATIONSHIPS_NS}">` +
      `<Relationship Id="rId1" Type="${CHART_TYPE}" Target="../charts/chart1.xml"/></Relationships>`,
  );

  // The sheet's relationships: its own, and the drawing's.
  const existing = files[sheetRelsPath] ? strFromU8(files[sheetRelsPath]) : null;
  const drawingId = 'rIdChartDrawing1';
  const drawingRelation = `<Relationship Id="${drawingId}" Type="${DRAWING_TYPE}" Target="../drawings/drawing1.xml"/>`;
  files[sheetRelsPath] = strToU8(
    existing
      ? existing.replace('</Relationships>', `${drawingRelation}</Relationships>`)
      : '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
          `<Relationships xmlns="${RELATIONSHIPS_NS}">${drawingRelation}</Relationships>`,
  );

  let xml = strFromU8(files[sheet]!);
  if (!xml.includes('xmlns:r=')) {
    xml = xml.replace(
      '<worksheet ',
      '<worksheet xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" ',
    );
  }
  const at = Math.min(
    ...AFTER_DRAWING.map((tag) => xml.indexOf(tag)).filter((index) => index >= 0),
  );
  files[sheet] = strToU8(`${xml.slice(0, at)}<drawing r:id="${drawingId}"/>${xml.slice(at)}`);

  const types = strFromU8(files['[Content_Types].xml']!);
  files['[Content_Types].xml'] = strToU8(
    types.replace(
      '</Types>',
      '<Override PartName="/xl/charts/chart1.xml" ' +
        'ContentType="application/vnd.openxmlformats-officedocument.drawingml.chart+xml"/>' +
        '<Override PartName="/xl/drawings/drawing1.xml" ' +
        'ContentType="application/vnd.openxmlformats-officedocument.drawing+xml"/></Types>',
    ),
  );
  return Buffer.from(zipSync(files as Zippable, { level: 6 }));
}
