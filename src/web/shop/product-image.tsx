/**
 * Product images, with their size set so the grid never jumps (3 columns on a 450 px phone). Lazy by
 * default; the tiles a phone shows before any scroll load at once (`eager`), and the first row, the
 * page's largest paint, ahead of everything else (`high`), as is the product page's picture.
 */
const SIZES = {
  tile: { width: 132, height: 132 },
  thumb: { width: 64, height: 64 },
  hero: { width: 418, height: 280 },
} as const;

export type ImagePriority = 'high' | 'eager' | 'lazy';

/** Tiles per row, and rows above the fold on a 360–450 px phone. */
const ROW = 3;
const ROWS_ABOVE_FOLD = 2;

/** How soon the tile at this index of the grid needs its picture. */
export const tilePriority = (index: number): ImagePriority => (index < ROW ? 'high' : index < ROW * ROWS_ABOVE_FOLD ? 'eager' : 'lazy');

export function ProductImage({ src, alt, size, priority }: { src: string; alt: string; size: keyof typeof SIZES; priority?: ImagePriority }) {
  const { width, height } = SIZES[size];
  // The product page's one big picture is its largest paint.
  priority ??= size === 'hero' ? 'high' : 'lazy';
  return (
    <img
      className={`shop-img shop-img-${size}`}
      src={src}
      alt={alt}
      width={width}
      height={height}
      loading={priority === 'lazy' ? 'lazy' : 'eager'}
      fetchPriority={priority === 'high' ? 'high' : 'auto'}
      decoding="async"
    />
  );
}
