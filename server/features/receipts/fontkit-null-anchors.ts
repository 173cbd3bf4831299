// A workaround for fontkit 2.0.4 (pdfkit's font engine): GPOS mark-positioning subtables may
// carry NULL anchors ("no anchor for this base and mark class here"; allowed by the OpenType
// spec), and fontkit dereferences them and throws "Cannot read properties of null (reading
// 'xCoordinate')". Noto Sans Khmer has them: "ចំ" (a consonant with nikahit) already throws.
// Upstream: foliojs/fontkit issue #367, pull request #374 (not released when this was written).
//
// We do what HarfBuzz does (and what #374 does): a subtable whose anchor is NULL does not apply,
// so the next subtable of the lookup gets its turn. fontkit's GPOS processor class is not
// exported; it is reached through a font's layout engine, so the patch lands on the very
// fontkit instance pdfkit uses. Remove this file once fontkit handles NULL anchors itself:
// receipts.test.ts lays out every Khmer text of the receipts and fails without the patch.

const NULL_ANCHOR = Symbol("fontkit null anchor");
const PATCHED = Symbol.for("keyshop.fontkit-null-anchors");

interface GposProcessorPrototype {
  applyAnchor(markRecord: { markAnchor?: unknown } | null, baseAnchor: unknown, baseGlyphIndex: number): void;
  applyLookup(lookupType: number, table: unknown): boolean;
  [PATCHED]?: true;
}

/** A fontkit font as pdfkit holds it: `layout` creates the engine whose GPOS processor we patch. */
interface FontkitFont {
  layout(text: string): unknown;
  _layoutEngine?: { engine?: { GPOSProcessor?: object } };
}

/**
 * Makes fontkit skip NULL anchors instead of throwing, for every font of the fontkit instance
 * `font` belongs to. Idempotent. Returns false when fontkit's shape is not what this expects
 * (a new version): then nothing is changed.
 */
export function patchFontkitNullAnchors(font: FontkitFont): boolean {
  font.layout("\u1780"); // builds the layout engine (one consonant: no mark to position)
  const processor = font._layoutEngine?.engine?.GPOSProcessor;
  if (!processor) return false;
  const proto = Object.getPrototypeOf(processor) as GposProcessorPrototype;
  if (proto[PATCHED]) return true;
  if (typeof proto.applyAnchor !== "function" || typeof proto.applyLookup !== "function") return false;
  const { applyAnchor, applyLookup } = proto;
  proto.applyAnchor = function (markRecord, baseAnchor, baseGlyphIndex) {
    if (!baseAnchor || !markRecord?.markAnchor) throw NULL_ANCHOR;
    applyAnchor.call(this, markRecord, baseAnchor, baseGlyphIndex);
  };
  proto.applyLookup = function (lookupType, table) {
    try {
      return applyLookup.call(this, lookupType, table);
    } catch (err) {
      if (err === NULL_ANCHOR) return false;
      throw err;
    }
  };
  proto[PATCHED] = true;
  return true;
}
