import PDFDocument from 'pdfkit';
import { readableTime, type TimelineItem } from './reflection-timeline';

// The built-in fonts know Latin-1 only: anything else would print as stray glyphs.
const printable = (text: string) =>
  text
    .normalize('NFC')
    .replace(/[‘’]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/[–—]/g, '-')
    .replace(/[^\n\t\x20-\x7e\xa0-\xff]/g, '?');

/**
 * His reflections as a PDF, oldest first. The document is a stream: pages go out as they
 * are made, so a long export never sits whole in memory.
 */
export function reflectionsPdf(name: string, period: string, items: readonly TimelineItem[]): PDFKit.PDFDocument {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    info: { Title: `Reflections of ${printable(name)}`, Author: printable(name) },
  });
  doc
    .font('Helvetica-Bold')
    .fontSize(20)
    .text(`Reflections of ${printable(name)}`);
  doc.moveDown(0.3).font('Helvetica').fontSize(10).fillColor('#555555').text(period).fillColor('#000000').moveDown();
  if (items.length === 0) doc.fontSize(11).text('Nothing was written in this period.');
  for (const item of items) {
    doc.moveDown(0.8).font('Helvetica-Bold').fontSize(13).text(printable(item.title));
    doc
      .font('Helvetica-Oblique')
      .fontSize(9)
      .fillColor('#555555')
      .text(readableTime(item.at))
      .fillColor('#000000')
      .moveDown(0.4);
    for (const paragraph of item.paragraphs) {
      if (paragraph.label) doc.font('Helvetica-Bold').fontSize(10).text(paragraph.label);
      doc
        .font(paragraph.his ? 'Helvetica' : 'Helvetica-Oblique')
        .fontSize(11)
        .text(printable(paragraph.text))
        .moveDown(0.4);
    }
  }
  doc.end();
  return doc;
}
