/**
 * The eight sample SKUs of SPEC §1, with the Hindi and Gujarati words farmers use for them (पराली,
 * भूसा, खोई, गोबर; ડાંગરનું પરાળ, ભૂસું, શેરડીના કૂચા, છાણ), and the other words they search by
 * (सींग, तूड़ी; સીંગ, નારિયેળ). Prices are the minimum price per unit, in paisa.
 */
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
    translations: {
      hindi: {
        name: 'मूँगफली के छिलके',
        searchWords: 'सींग छिलका मूंगफली',
        categoryName: 'छिलके और भूसी',
        brandName: 'सौराष्ट्र एग्रो',
        description: 'सौराष्ट्र की तेल मिलों से मूँगफली के सूखे छिलके। बॉयलर में जलाने, खेत में पलवार और पशुओं के बिछावन के लिए अच्छे।',
      },
      gujrati: {
        name: 'મગફળીનાં ફોતરાં',
        searchWords: 'સીંગ સીંગદાણા ફોતરું',
        categoryName: 'ફોતરાં અને છોતરાં',
        brandName: 'સૌરાષ્ટ્ર એગ્રો',
        description: 'સૌરાષ્ટ્રની તેલ મિલોમાંથી મગફળીનાં સૂકાં ફોતરાં. બોઇલરમાં બળતણ, ખેતરમાં જમીન ઢાંકવા અને પશુઓની પથારી માટે સારાં.',
      },
    },
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
    translations: {
      hindi: {
        name: 'ज्वार की कड़बी',
        searchWords: 'ज्वार कड़बी सूखा चारा',
        categoryName: 'चारा',
        brandName: 'दक्कन फ़ॉडर कंपनी',
        description: 'कटाई के बाद गट्ठरों में बँधी ज्वार की सूखी कड़बी। गाय-भैंस के लिए पौष्टिक सूखा चारा।',
      },
      gujrati: {
        name: 'જુવારની કડબ',
        searchWords: 'જુવાર કડબ સૂકો ચારો',
        categoryName: 'ઘાસચારો',
        brandName: 'દખ્ખણ ફૉડર કંપની',
        description: 'કાપણી પછી ભારા બાંધેલી જુવારની સૂકી કડબ. ગાય-ભેંસ માટે પોષક સૂકો ચારો.',
      },
    },
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
    translations: {
      hindi: {
        name: 'सूखा गोबर (गोबर की खाद)',
        searchWords: 'गोबर कंडा उपला खाद',
        categoryName: 'खाद',
        brandName: 'गौ सेवा ऑर्गेनिक्स',
        description: 'गाँव की डेयरियों से धूप में सुखाया गोबर। खेत और घर की बगिया के लिए भरपूर जैविक खाद, उपले बनाने के काम भी आता है।',
      },
      gujrati: {
        name: 'છાણિયું ખાતર (સૂકું છાણ)',
        searchWords: 'છાણ છાણાં ખાતર',
        categoryName: 'ખાતર',
        brandName: 'ગૌ સેવા ઑર્ગેનિક્સ',
        description: 'ગામની ડેરીઓમાંથી તડકે સૂકવેલું છાણ. ખેતર અને ઘરના વાડા માટે ભરપૂર દેશી ખાતર, છાણાં બનાવવા પણ કામ આવે.',
      },
    },
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
    translations: {
      hindi: {
        name: 'धान का पुआल (पराली)',
        searchWords: 'पराली पुआल धान',
        categoryName: 'भूसा, पुआल और डंठल',
        brandName: 'पंजाब हार्वेस्ट',
        description: 'गाँठों में बँधी सूखी, साफ़ पराली। पशुओं के चारे, मशरूम की क्यारियों और पैकिंग के लिए।',
      },
      gujrati: {
        name: 'ડાંગરનું પરાળ',
        searchWords: 'પરાળ ડાંગર ચોખા',
        categoryName: 'ભૂસું, પરાળ અને સાંઠા',
        brandName: 'પંજાબ હાર્વેસ્ટ',
        description: 'ગાંસડીમાં બાંધેલું સૂકું, ચોખ્ખું ડાંગરનું પરાળ. પશુઓના ચારા, મશરૂમના ક્યારા અને પેકિંગ માટે.',
      },
    },
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
    translations: {
      hindi: {
        name: 'नारियल के छिलके',
        searchWords: 'नारियल जटा भूसी',
        categoryName: 'छिलके और भूसी',
        brandName: 'केरल कॉयर वर्क्स',
        description: 'नारियल के सूखे छिलके: जटा की रस्सी, पलवार और गमले की मिट्टी के लिए। मिट्टी में नमी देर तक रोकते हैं।',
      },
      gujrati: {
        name: 'નાળિયેરનાં છોતરાં',
        searchWords: 'નારિયેળ નારિયેર નાળિયેર છોતરું કાથી',
        categoryName: 'ફોતરાં અને છોતરાં',
        brandName: 'કેરળ કૉયર વર્ક્સ',
        description: 'નાળિયેરનાં સૂકાં છોતરાં: કાથી, જમીન ઢાંકવા અને કૂંડાની માટી માટે. જમીનમાં ભેજ લાંબો સમય પકડી રાખે છે.',
      },
    },
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
    translations: {
      hindi: {
        name: 'गेहूँ का भूसा (खुला)',
        searchWords: 'भूसा तूड़ी गेहूं',
        categoryName: 'भूसा, पुआल और डंठल',
        brandName: 'मालवा एग्रो',
        description: 'गेहूँ निकालने के बाद बचा खुला भूसा। पशुओं का सूखा चारा, बिछावन के काम भी आता है।',
      },
      gujrati: {
        name: 'ઘઉંનું ભૂસું (છૂટું)',
        searchWords: 'ભૂસું ઘઉં',
        categoryName: 'ભૂસું, પરાળ અને સાંઠા',
        brandName: 'માળવા એગ્રો',
        description: 'ઘઉં ઝૂડ્યા પછીનું છૂટું ભૂસું. પશુઓનો સૂકો ચારો, પથારી માટે પણ વપરાય છે.',
      },
    },
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
    translations: {
      hindi: {
        name: 'गन्ने की खोई',
        searchWords: 'गन्ना खोई छोई',
        categoryName: 'रेशा और लुगदी',
        brandName: 'सह्याद्रि शुगर',
        description: 'मिल से धूप में सुखाई गन्ने की खोई। बॉयलर का ईंधन, कम्पोस्ट खाद और कागज़ बनाने के काम की।',
      },
      gujrati: {
        name: 'શેરડીના કૂચા',
        searchWords: 'શેરડી કૂચા છોઈ',
        categoryName: 'કૂચા અને રેસા',
        brandName: 'સહ્યાદ્રિ શુગર',
        description: 'મિલમાંથી તડકે સૂકવેલા શેરડીના કૂચા. બોઇલરનું બળતણ, કમ્પોસ્ટ ખાતર અને કાગળ બનાવવામાં ઉપયોગી.',
      },
    },
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
    translations: {
      hindi: {
        name: 'मक्के की गुल्ली (दाने निकले भुट्टे)',
        searchWords: 'मक्का भुट्टा गुल्ली',
        categoryName: 'भुट्टे और डंठल',
        brandName: 'नासिक किसान एग्रो',
        description: 'दाने निकालने के बाद बची मक्के की सूखी गुल्ली। चूल्हे और बॉयलर का साफ़ ईंधन, पशु-आहार में भी काम आती है।',
      },
      gujrati: {
        name: 'મકાઈના ડોડા (દાણા કાઢેલા)',
        searchWords: 'મકાઈ ડોડા ડૂંડા',
        categoryName: 'ડોડા અને સાંઠા',
        brandName: 'નાસિક કિસાન એગ્રો',
        description: 'દાણા કાઢ્યા પછીના મકાઈના સૂકા ડોડા. ચૂલા અને બોઇલર માટે ચોખ્ખું બળતણ, પશુઆહારમાં પણ કામ આવે.',
      },
    },
  },
];
