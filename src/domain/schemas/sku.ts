/** The catalogue's SKU: what the API sends, what an admin writes, and what a quotation line keeps of it. */
import { Type } from 'typebox';
import { Text, UploadUrl, Version } from './common';

/** The English fields an admin writes, in the order the API sends them. */
const SkuFields = {
  name: Text(120),
  description: Type.String({ maxLength: 2000 }),
  categoryName: Text(120),
  brandName: Text(120),
  image: UploadUrl,
  availableQty: Type.Integer({ minimum: 0, maximum: 1e9 }),
  minimumPrice: Type.Integer({ minimum: 0, maximum: 1e11 }),
  skuQuantityUnit: Text(40),
};

/** One language's texts: each optional, '' clears it on PATCH (the English field shows instead). */
export const SkuTexts = Type.Object(
  {
    name: Type.Optional(Type.String({ maxLength: 120 })),
    description: Type.Optional(Type.String({ maxLength: 2000 })),
    categoryName: Type.Optional(Type.String({ maxLength: 120 })),
    brandName: Type.Optional(Type.String({ maxLength: 120 })),
    /** Words farmers type for the product in this language, besides its name (home search finds them). */
    searchWords: Type.Optional(Type.String({ maxLength: 200 })),
  },
  { additionalProperties: false },
);
/** `translations: { hindi: {…}, gujrati: {…} }` (DECISIONS §5 Catalogue languages). */
export const SkuTranslations = Type.Object(
  { hindi: Type.Optional(SkuTexts), gujrati: Type.Optional(SkuTexts) },
  { additionalProperties: false },
);
/** What a quotation line and a cart item carry: the translated names only. */
const SkuName = Type.Object({ name: SkuTexts.properties.name });
export const SkuNameTranslations = Type.Object({ hindi: Type.Optional(SkuName), gujrati: Type.Optional(SkuName) });

export const Sku = Type.Object({
  _id: Type.String(),
  skuDisplayId: Type.String(),
  ...SkuFields,
  /** Hindi and Gujarati texts; absent in a list saved by an older app. */
  translations: Type.Optional(SkuTranslations),
  /** Optimistic-concurrency version an admin edit must carry back. */
  version: Type.Integer(),
});

/** POST /skus. On PATCH a translated field given as '' clears it, a field left out stays. */
export const SkuBody = Type.Object(
  { ...SkuFields, translations: Type.Optional(SkuTranslations) },
  { additionalProperties: false },
);
/** PATCH /skus/{id}: any of the fields, and the version read; the sheet may send back _id and skuDisplayId (ignored). */
export const SkuPatchBody = Type.Object(
  {
    ...Type.Partial(SkuBody).properties,
    version: Version,
    _id: Type.Optional(Type.String()),
    skuDisplayId: Type.Optional(Type.String()),
  },
  { additionalProperties: false },
);

/** A quotation line's SKU as quoted: a later edit of the SKU changes no line. */
export const SkuRef = Type.Object({
  _id: Sku.properties._id,
  name: Sku.properties.name,
  image: Sku.properties.image,
  skuQuantityUnit: Sku.properties.skuQuantityUnit,
  /** The SKU's minimum price per unit, paisa: a pending quotation's estimate. */
  minimumPrice: Sku.properties.minimumPrice,
  translations: Type.Optional(SkuNameTranslations),
});
