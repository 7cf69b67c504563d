/** The eight sample SKUs of SPEC §1. Prices are the minimum price per unit, in paisa. */
import type { SkuBody } from '../../domain/api';

export interface SeedSku extends Omit<SkuBody, 'image'> {
  /** The SVG in this folder drawn for the product. */
  picture: string;
}

export const CATALOGUE: SeedSku[] = [
  {
    name: 'Groundnut Shell',
    picture: 'groundnut-shell.svg',
    categoryName: 'Shells & Husks',
    brandName: 'Saurashtra Agro',
    skuQuantityUnit: 'kg',
    availableQty: 12000,
    minimumPrice: 800,
    description: 'Dry groundnut shells from Saurashtra oil mills. Good as boiler fuel, mulch and cattle bedding.',
  },
  {
    name: 'Jawar Kadab (Sorghum Residue)',
    picture: 'jawar-kadab.svg',
    categoryName: 'Fodder',
    brandName: 'Deccan Fodder Co.',
    skuQuantityUnit: 'bundle',
    availableQty: 3000,
    minimumPrice: 4500,
    description: 'Dried sorghum stalks (kadab), bundled after harvest. A nourishing dry fodder for cattle and buffalo.',
  },
  {
    name: 'Animal Waste (Cow Dung)',
    picture: 'cow-dung.svg',
    categoryName: 'Manure',
    brandName: 'Gau Seva Organics',
    skuQuantityUnit: 'kg',
    availableQty: 50000,
    minimumPrice: 300,
    description: 'Sun-dried cow dung from village dairies. Rich organic manure for fields and kitchen gardens, and fuel cakes.',
  },
  {
    name: 'Paddy Straw',
    picture: 'paddy-straw.svg',
    categoryName: 'Straw & Stover',
    brandName: 'Punjab Harvest',
    skuQuantityUnit: 'quintal',
    availableQty: 800,
    minimumPrice: 45000,
    description: 'Baled paddy straw, dry and clean. For cattle feed, mushroom beds and packing.',
  },
  {
    name: 'Coconut Husk',
    picture: 'coconut-husk.svg',
    categoryName: 'Shells & Husks',
    brandName: 'Kerala Coir Works',
    skuQuantityUnit: 'kg',
    availableQty: 8000,
    minimumPrice: 600,
    description: 'Dried coconut husks for coir, mulch and potting mix. Holds water well in the soil.',
  },
  {
    name: 'Wheat Straw (Loose)',
    picture: 'wheat-straw.svg',
    categoryName: 'Straw & Stover',
    brandName: 'Malwa Agro',
    skuQuantityUnit: 'quintal',
    availableQty: 1200,
    minimumPrice: 60000,
    description: 'Loose wheat straw (bhusa) after threshing. Dry fodder for cattle, also used for bedding.',
  },
  {
    name: 'Bagasse',
    picture: 'bagasse.svg',
    categoryName: 'Fibre & Pulp',
    brandName: 'Sahyadri Sugar',
    skuQuantityUnit: 'kg',
    availableQty: 20000,
    minimumPrice: 250,
    description: 'Sun-dried sugarcane bagasse from the mill. Fuel for boilers, compost and paper making.',
  },
  {
    name: 'Corn Cobs',
    picture: 'corn-cobs.svg',
    categoryName: 'Cobs & Stalks',
    brandName: 'Nashik Kisan Agro',
    skuQuantityUnit: 'kg',
    availableQty: 6000,
    minimumPrice: 500,
    description: 'Dried maize cobs after shelling. A clean fuel for stoves and boilers, and a base for animal feed.',
  },
];
