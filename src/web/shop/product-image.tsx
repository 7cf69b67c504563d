/** Product images: lazy, with their size set so the grid never jumps (3 columns on a 450 px phone). */
const SIZES = {
  tile: { width: 132, height: 132 },
  thumb: { width: 64, height: 64 },
  hero: { width: 418, height: 280 },
} as const;

export function ProductImage({ src, alt, size }: { src: string; alt: string; size: keyof typeof SIZES }) {
  const { width, height } = SIZES[size];
  return <img className={`shop-img shop-img-${size}`} src={src} alt={alt} width={width} height={height} loading="lazy" decoding="async" />;
}
