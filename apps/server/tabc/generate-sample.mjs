// Generates the shipped TABC sample files (license dataset columns and a delinquent list).
// Deterministic for a given date: node tabc/generate-sample.mjs [YYYY-MM-DD]
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const today = process.argv[2] ?? new Date().toISOString().slice(0, 10);
let seed = 20260301;
const rnd = () => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed / 2147483648;
};
const pick = (a) => a[Math.floor(rnd() * a.length)];
const day = (offset) => {
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + offset);
  return `${String(d.getUTCMonth() + 1).padStart(2, '0')}/${String(d.getUTCDate()).padStart(2, '0')}/${d.getUTCFullYear()}`;
};
const q = (v) => `"${String(v).replace(/"/g, '""')}"`;

const HEAD = [
  'License Type',
  'License ID',
  'Trade Name',
  'Owner',
  'Address',
  'City',
  'County',
  'Zip',
  'Status',
  'Issue Date',
  'Expiration Date',
];
const rows = [];
const add = (type, id, name, owner, address, city, county, zip, status, issued, expires) =>
  rows.push([type, id, name, owner, address, city, county, zip, status, day(issued), day(expires)]);

// the demo company's customers (apps/server/src/seed/demo.ts)
add(
  'MB',
  100234,
  'THE BROKEN SPOKE',
  'BROKEN SPOKE INC',
  '3201 S LAMAR BLVD',
  'AUSTIN',
  'TRAVIS',
  '78704',
  'Active',
  -700,
  400,
);
add(
  'MB',
  100871,
  'CONTINENTAL CLUB',
  'CONTINENTAL CLUB LLC',
  '1315 S CONGRESS AVE',
  'AUSTIN',
  'TRAVIS',
  '78704',
  'Active',
  -715,
  12,
);
add(
  'MB',
  101552,
  'GRUENE HALL SALOON',
  'GRUENE HALL LTD',
  '1280 GRUENE RD',
  'NEW BRAUNFELS',
  'COMAL',
  '78130',
  'Active',
  -500,
  230,
);
add(
  'N',
  102977,
  'LONE STAR PACKAGE STORE',
  'ORTEGA RETAIL LLC',
  '4410 BROADWAY ST',
  'SAN ANTONIO',
  'BEXAR',
  '78209',
  'Active',
  -300,
  430,
);
add(
  'MB',
  103115,
  "BILLY BOB'S TEXAS",
  'BILLY BOBS TEXAS INVESTORS',
  '2520 RODEO PLAZA',
  'FORT WORTH',
  'TARRANT',
  '76164',
  'Active',
  -600,
  130,
);
add(
  'NE',
  104420,
  'HOTEL SAN JOSE BAR',
  'BUNKHOUSE SAN JOSE LLC',
  '1316 S CONGRESS AVE',
  'AUSTIN',
  'TRAVIS',
  '78704',
  'Expired',
  -735,
  -5,
);

const CITIES = [
  ['AUSTIN', 'TRAVIS', '787'],
  ['HOUSTON', 'HARRIS', '770'],
  ['DALLAS', 'DALLAS', '752'],
  ['SAN ANTONIO', 'BEXAR', '782'],
  ['FORT WORTH', 'TARRANT', '761'],
  ['EL PASO', 'EL PASO', '799'],
  ['LUBBOCK', 'LUBBOCK', '794'],
  ['WACO', 'MCLENNAN', '767'],
  ['CORPUS CHRISTI', 'NUECES', '784'],
  ['AMARILLO', 'POTTER', '791'],
  ['GALVESTON', 'GALVESTON', '775'],
  ['SAN MARCOS', 'HAYS', '786'],
  ['ROUND ROCK', 'WILLIAMSON', '786'],
  ['DENTON', 'DENTON', '762'],
  ['TYLER', 'SMITH', '757'],
  ['MIDLAND', 'MIDLAND', '797'],
  ['LAREDO', 'WEBB', '780'],
  ['BRYAN', 'BRAZOS', '778'],
  ['FREDERICKSBURG', 'GILLESPIE', '786'],
];
const FIRST = [
  'LONGHORN',
  'BLUEBONNET',
  'ARMADILLO',
  'PECOS',
  'RIO GRANDE',
  'SILVER SPUR',
  'RED RIVER',
  'HILL COUNTRY',
  'LONE OAK',
  'MESQUITE',
  'CACTUS',
  'PALOMINO',
  'BIG BEND',
  'GULF COAST',
  'PRAIRIE',
  'COTTONWOOD',
  'STARLIGHT',
  'DUSTY BOOT',
  'MAGNOLIA',
  'HORSESHOE',
];
const KIND = {
  MB: ['SALOON', 'ICE HOUSE', 'TAVERN', 'GRILL', 'CANTINA', 'BAR & GRILL', 'DANCE HALL', 'TAPROOM'],
  BG: ['ICE HOUSE', 'BEER GARDEN', 'TACO STAND', 'BURGER JOINT'],
  BQ: ['CAFE', 'PIZZERIA', 'BISTRO'],
  N: ['PACKAGE STORE', 'LIQUOR', 'WINE & SPIRITS'],
  NE: ['HOTEL BAR', 'LOUNGE', 'STEAKHOUSE'],
};
const STREETS = [
  'MAIN ST',
  'CONGRESS AVE',
  'BROADWAY',
  'ELM ST',
  'COMMERCE ST',
  'HOUSTON ST',
  'SAN JACINTO BLVD',
  'LAMAR BLVD',
  'GUADALUPE ST',
  'SAN PEDRO AVE',
  'MCKINNEY AVE',
  'WESTHEIMER RD',
  'MAGNOLIA AVE',
  'PRESTON RD',
  'BURNET RD',
];
const OWNER_END = ['LLC', 'INC', 'LTD', 'HOSPITALITY LLC', 'ENTERPRISES INC', 'PARTNERS LP'];

let nextId = 110000;
for (let i = 0; i < 360; i++) {
  const type = pick(['MB', 'MB', 'MB', 'BG', 'BQ', 'N', 'N', 'NE']);
  const [city, county, zip3] = pick(CITIES);
  const first = pick(FIRST);
  const name = `${first} ${pick(KIND[type])}`;
  const r = rnd();
  // about 8% expired, 8% expiring within 30 days, the rest valid for months
  const expires = r < 0.08 ? -Math.ceil(rnd() * 120) : r < 0.16 ? Math.floor(rnd() * 30) : 31 + Math.floor(rnd() * 700);
  const status = expires < 0 ? 'Expired' : 'Active';
  nextId += 1 + Math.floor(rnd() * 40);
  add(
    type,
    nextId,
    name,
    `${first} ${pick(OWNER_END)}`,
    `${100 + Math.floor(rnd() * 9800)} ${pick(STREETS)}`,
    city,
    county,
    `${zip3}${String(Math.floor(rnd() * 99)).padStart(2, '0')}`,
    status,
    expires - 730,
    expires,
  );
}

const csv = (head, body) => `${[head.map(q).join(','), ...body.map((r) => r.map(q).join(','))].join('\n')}\n`;
fs.writeFileSync(path.join(here, 'tabc-licenses-sample.csv'), csv(HEAD, rows));

// the delinquent list: one demo customer (Billy Bob's) and a few generated retailers
const DHEAD = ['License Type', 'License ID', 'Trade Name', 'Owner', 'Address', 'City', 'Zip', 'Effective Date'];
const del = [
  ['MB', 103115, "BILLY BOB'S TEXAS", 'BILLY BOBS TEXAS INVESTORS', '2520 RODEO PLAZA', 'FORT WORTH', '76164', day(-9)],
];
for (let i = 10; i < rows.length; i += 29) {
  const r = rows[i];
  del.push([r[0], r[1], r[2], r[3], r[4], r[5], r[7], day(-Math.ceil(rnd() * 60))]);
}
fs.writeFileSync(path.join(here, 'tabc-delinquent-sample.csv'), csv(DHEAD, del));
console.log(`${rows.length} establishments, ${del.length} delinquent rows (dates relative to ${today})`);
