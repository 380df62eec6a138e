/**
 * Draws the seed catalogue's pictures (our own artwork, nothing downloaded) and writes them to
 * public/images/products as WebP in two widths, plus 1200×630 JPEG cards for link previews.
 * Run with `npm run images:products` after changing server/seed/products.ts; the output is committed.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { ProductCategory } from '../core/catalog/categories';
import { renderImageFiles } from '../core/media/images';
import { SEED_PRODUCTS, type ProductArt } from '../server/seed/products';
import { SEED_RECIPES_ART } from '../server/seed/recipes';

const W = 800;
const H = 600;

const BACKGROUNDS: Record<ProductCategory, [string, string]> = {
  fresh: ['#e0f2fe', '#7dd3fc'],
  shellfish: ['#fef3c7', '#fcd34d'],
  smoked: ['#ffedd5', '#fdba74'],
  dried: ['#f5f5f4', '#d6d3d1'],
  equipment: ['#ecfeff', '#67e8f9'],
  feeds: ['#f0fdf4', '#86efac'],
};

function background([from, to]: [string, string], withBoard: boolean): string {
  return `<defs>
  <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>
  <radialGradient id="shine" cx="0.3" cy="0.25" r="0.8"><stop offset="0" stop-color="#fff" stop-opacity="0.55"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>
</defs>
<rect width="${W}" height="${H}" fill="url(#bg)"/>
<rect width="${W}" height="${H}" fill="url(#shine)"/>
${[120, 190, 500, 560].map((y, i) => `<path d="M0 ${y} Q 200 ${y - 18} 400 ${y} T 800 ${y}" stroke="#fff" stroke-opacity="${0.25 + (i % 2) * 0.1}" stroke-width="6" fill="none"/>`).join('')}
${withBoard ? `<ellipse cx="400" cy="470" rx="330" ry="70" fill="#7c2d12" opacity="0.18"/><ellipse cx="400" cy="455" rx="320" ry="62" fill="#fff7ed" opacity="0.85"/>` : `<ellipse cx="400" cy="500" rx="300" ry="40" fill="#0f172a" opacity="0.12"/>`}`;
}

function fish(a: Extract<ProductArt, { kind: 'fish' }>): string {
  const sx = a.long ? 1.08 : 1;
  const sy = a.long ? 0.78 : a.deep ? 1.22 : 1;
  const stripes = a.stripes
    ? [300, 360, 420, 480, 540]
        .map(
          (x) =>
            `<path d="M${x} 215 Q ${x + 14} 300 ${x} 385" stroke="${a.fin}" stroke-opacity="0.35" stroke-width="12" fill="none"/>`,
        )
        .join('')
    : '';
  const spots = a.spots
    ? [
        [330, 260],
        [400, 250],
        [470, 270],
        [360, 310],
        [440, 300],
        [520, 300],
      ]
        .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="9" fill="${a.fin}" opacity="0.55"/>`)
        .join('')
    : '';
  const whiskers = a.whiskers
    ? `<path d="M175 305 Q 120 330 90 380 M180 300 Q 110 290 70 310 M185 315 Q 150 360 140 410" stroke="${a.fin}" stroke-width="5" fill="none" stroke-linecap="round"/>`
    : '';
  return `<g transform="translate(400 300) scale(${sx} ${sy}) translate(-400 -300)">
  <path d="M585 300 L700 205 Q 680 300 700 395 Z" fill="${a.fin}"/>
  <path d="M330 205 Q 420 120 520 215 Z" fill="${a.fin}"/>
  <path d="M360 392 Q 420 450 480 388 Z" fill="${a.fin}"/>
  <path d="M170 300 C 240 175, 520 170, 605 300 C 520 430, 240 425, 170 300 Z" fill="${a.body}"/>
  <path d="M180 310 C 260 400, 510 410, 600 305 C 500 350, 280 350, 180 310 Z" fill="${a.belly}" opacity="0.9"/>
  ${stripes}${spots}
  <path d="M285 235 Q 310 300 285 365" stroke="#0f172a" stroke-opacity="0.35" stroke-width="6" fill="none"/>
  <path d="M300 300 Q 340 330 330 360 Q 300 340 300 300 Z" fill="${a.fin}" opacity="0.8"/>
  <circle cx="228" cy="282" r="17" fill="#fff"/><circle cx="231" cy="282" r="9" fill="#0f172a"/><circle cx="227" cy="278" r="3" fill="#fff"/>
  ${whiskers}
  <path d="M200 215 C 300 185, 470 185, 560 240" stroke="#fff" stroke-opacity="0.35" stroke-width="10" fill="none" stroke-linecap="round"/>
</g>`;
}

function smokedFish(a: Extract<ProductArt, { kind: 'smoked-fish' }>): string {
  const one = (dx: number, dy: number, scale: number, rotate: number) =>
    a.curled
      ? `<g transform="translate(${dx} ${dy}) rotate(${rotate}) scale(${scale})">
    <circle cx="0" cy="0" r="95" stroke="${a.body}" stroke-width="62" fill="none" stroke-dasharray="520 80"/>
    <circle cx="0" cy="0" r="95" stroke="#451a03" stroke-opacity="0.35" stroke-width="8" fill="none" stroke-dasharray="14 18"/>
    <ellipse cx="96" cy="-20" rx="48" ry="36" fill="${a.body}"/><circle cx="118" cy="-30" r="8" fill="#1c1917"/>
    <path d="M60 40 L120 80 L70 90 Z" fill="#451a03" opacity="0.8"/>
  </g>`
      : `<g transform="translate(${dx} ${dy}) rotate(${rotate}) scale(${scale})">
    <path d="M-190 0 C -120 -85, 120 -85, 170 0 C 120 85, -120 85, -190 0 Z" fill="${a.body}"/>
    <path d="M160 0 L240 -60 Q 225 0 240 60 Z" fill="#451a03"/>
    ${[-110, -60, -10, 40, 90].map((x) => `<path d="M${x} -55 Q ${x + 15} 0 ${x} 55" stroke="#451a03" stroke-opacity="0.4" stroke-width="7" fill="none"/>`).join('')}
    <circle cx="-150" cy="-12" r="10" fill="#1c1917"/>
    <path d="M-150 -45 C -60 -70, 60 -70, 130 -35" stroke="#fde68a" stroke-opacity="0.35" stroke-width="9" fill="none"/>
  </g>`;
  return a.curled
    ? one(300, 330, 1, 10) + one(500, 300, 0.95, -30)
    : one(400, 250, 0.95, -6) + one(400, 380, 1, 4);
}

function driedFish(a: Extract<ProductArt, { kind: 'dried-fish' }>): string {
  const one = (dx: number, dy: number, rotate: number) =>
    a.split
      ? `<g transform="translate(${dx} ${dy}) rotate(${rotate})">
    <path d="M-220 0 Q -120 -110 100 -70 L 210 -20 L 210 20 L 100 70 Q -120 110 -220 0 Z" fill="${a.body}" stroke="#78716c" stroke-width="6"/>
    <path d="M-200 0 L 200 0" stroke="#a8a29e" stroke-width="8"/>
    ${[-140, -80, -20, 40, 100].map((x) => `<path d="M${x} -10 L ${x + 30} -60 M${x} 10 L ${x + 30} 60" stroke="#a8a29e" stroke-width="5"/>`).join('')}
  </g>`
      : `<g transform="translate(${dx} ${dy}) rotate(${rotate})">
    <path d="M-230 0 C -150 -60, 120 -55, 180 -10 L 250 -55 L 235 0 L 250 55 L 180 10 C 120 55, -150 60, -230 0 Z" fill="${a.body}" stroke="#57534e" stroke-width="5"/>
    ${[-150, -100, -50, 0, 50, 100].map((x) => `<path d="M${x} -35 L ${x + 20} 0 L ${x} 35" stroke="#57534e" stroke-opacity="0.5" stroke-width="5" fill="none"/>`).join('')}
    <circle cx="-190" cy="-8" r="11" fill="#292524"/>
    <path d="M-210 12 L -170 18" stroke="#292524" stroke-width="5"/>
  </g>`;
  return one(400, 230, -8) + one(380, 330, 4) + one(420, 420, -3);
}

function prawn(a: Extract<ProductArt, { kind: 'prawn' }>): string {
  const positions = [
    [400, 300, 0, 1],
    [260, 340, -25, 0.8],
    [540, 350, 25, 0.8],
    [330, 220, -50, 0.7],
    [480, 220, 40, 0.7],
    [400, 410, 10, 0.7],
  ].slice(0, a.count);
  const one = ([x, y, r, s]: number[]) => `<g transform="translate(${x} ${y}) rotate(${r}) scale(${s})">
    <path d="M-70 -60 A 85 85 0 1 0 60 70" stroke="#7c2d12" stroke-opacity="0.55" stroke-width="70" fill="none" stroke-linecap="round"/>
    <path d="M-70 -60 A 85 85 0 1 0 60 70" stroke="${a.body}" stroke-width="60" fill="none" stroke-linecap="round"/>
    ${[0, 1, 2, 3, 4]
      .map((i) => {
        const angle = (200 + i * 38) * (Math.PI / 180);
        const ix = Math.cos(angle) * 60;
        const iy = Math.sin(angle) * 60;
        const ox = Math.cos(angle) * 115;
        const oy = Math.sin(angle) * 115;
        return `<path d="M${ix.toFixed(1)} ${iy.toFixed(1)} L ${ox.toFixed(1)} ${oy.toFixed(1)}" stroke="#7c2d12" stroke-opacity="0.45" stroke-width="5"/>`;
      })
      .join('')}
    <path d="M60 70 L 125 60 L 95 125 Z" fill="${a.body}" stroke="#7c2d12" stroke-opacity="0.55" stroke-width="5"/>
    <ellipse cx="-80" cy="-60" rx="48" ry="34" fill="${a.body}" stroke="#7c2d12" stroke-opacity="0.55" stroke-width="5" transform="rotate(-35 -80 -60)"/>
    <path d="M-115 -80 Q -200 -170 -90 -210 M-110 -70 Q -240 -110 -215 -10" stroke="#7c2d12" stroke-width="4" fill="none"/>
    <circle cx="-100" cy="-75" r="7" fill="#1c1917"/>
    ${[-20, 10, 40].map((px) => `<path d="M${px} 60 L ${px - 12} 105" stroke="#7c2d12" stroke-width="4"/>`).join('')}
  </g>`;
  return positions.map(one).join('');
}

function crab(a: Extract<ProductArt, { kind: 'crab' }>): string {
  const legs = [-1, 1]
    .flatMap((side) =>
      [0, 1, 2, 3].map((i) => {
        const y = 300 + i * 28;
        const x = 400 + side * 140;
        return `<path d="M${x} ${y} Q ${x + side * 90} ${y - 40} ${x + side * 140} ${y + 40}" stroke="${a.body}" stroke-width="18" fill="none" stroke-linecap="round"/>`;
      }),
    )
    .join('');
  return `${legs}
  <path d="M300 250 Q 230 150 170 170 M500 250 Q 570 150 630 170" stroke="${a.body}" stroke-width="26" fill="none" stroke-linecap="round"/>
  <path d="M140 150 Q 120 200 175 215 Q 215 175 190 140 Z M660 150 Q 680 200 625 215 Q 585 175 610 140 Z" fill="${a.body}" stroke="#431407" stroke-width="5"/>
  <ellipse cx="400" cy="320" rx="175" ry="115" fill="${a.body}" stroke="#431407" stroke-width="6"/>
  <ellipse cx="400" cy="300" rx="120" ry="60" fill="#fff" opacity="0.15"/>
  <circle cx="360" cy="220" r="14" fill="#1c1917"/><circle cx="440" cy="220" r="14" fill="#1c1917"/>`;
}

function lobster(a: Extract<ProductArt, { kind: 'lobster' }>): string {
  const segments = [0, 1, 2, 3, 4, 5]
    .map(
      (i) =>
        `<ellipse cx="${300 + i * 55}" cy="${300 + Math.sin(i / 2) * 20}" rx="48" ry="${62 - i * 6}" fill="${a.body}" stroke="#431407" stroke-width="5"/>`,
    )
    .join('');
  return `<path d="M240 280 Q 100 120 60 60 M240 320 Q 90 250 40 150" stroke="${a.body}" stroke-width="8" fill="none"/>
  <path d="M600 300 L 700 240 L 690 300 L 700 360 Z" fill="${a.body}" stroke="#431407" stroke-width="5"/>
  ${segments}
  <ellipse cx="230" cy="300" rx="80" ry="70" fill="${a.body}" stroke="#431407" stroke-width="6"/>
  ${[260, 320, 380, 440].map((x) => `<path d="M${x} 350 L ${x - 20} 420" stroke="${a.body}" stroke-width="12" stroke-linecap="round"/>`).join('')}
  <circle cx="190" cy="270" r="10" fill="#1c1917"/>`;
}

function shells(a: Extract<ProductArt, { kind: 'shells' }>): string {
  const bowl = `<path d="M160 330 Q 400 560 640 330 Z" fill="#f8fafc" stroke="#94a3b8" stroke-width="8"/>`;
  if (a.shape === 'oyster') {
    const one = (x: number, y: number, r: number) => `<g transform="translate(${x} ${y}) rotate(${r})">
      <path d="M-90 0 Q -80 -70 0 -75 Q 95 -60 90 0 Q 70 60 0 62 Q -85 55 -90 0 Z" fill="${a.body}" stroke="#57534e" stroke-width="6"/>
      <path d="M-55 0 Q -40 -40 0 -40 Q 50 -35 50 0 Q 40 35 0 35 Q -50 30 -55 0 Z" fill="#f5f5f4"/>
      <ellipse cx="0" cy="0" rx="24" ry="16" fill="#d6d3d1"/></g>`;
    return bowl + one(300, 300, -10) + one(490, 290, 15) + one(400, 220, 0) + one(400, 360, 5);
  }
  const cones = [];
  for (let i = 0; i < 14; i++) {
    const x = 220 + (i % 7) * 60;
    const y = 250 + Math.floor(i / 7) * 70 + (i % 2) * 15;
    cones.push(`<g transform="translate(${x} ${y}) rotate(${(i * 37) % 360})">
      <path d="M0 -38 L 22 30 Q 0 42 -22 30 Z" fill="${a.body}" stroke="#292524" stroke-width="4"/>
      <path d="M-15 5 L 15 -5 M-18 20 L 18 10" stroke="#d6d3d1" stroke-width="4"/></g>`);
  }
  return cones.join('') + bowl;
}

function ground(a: Extract<ProductArt, { kind: 'ground' }>): string {
  const dots = Array.from({ length: 60 }, (_, i) => {
    const x = 260 + ((i * 53) % 280);
    const y = 230 + ((i * 31) % 90);
    return `<circle cx="${x}" cy="${y}" r="${3 + (i % 3)}" fill="#7c2d12" opacity="0.5"/>`;
  }).join('');
  return `<path d="M240 320 Q 400 120 560 320 Z" fill="${a.body}"/>${dots}
  <path d="M160 310 Q 400 560 640 310 Z" fill="#fafaf9" stroke="#a8a29e" stroke-width="8"/>
  <rect x="520" y="150" width="40" height="190" rx="16" fill="#a16207" transform="rotate(25 540 245)"/>`;
}

function feedBag(a: Extract<ProductArt, { kind: 'feed-bag' }>): string {
  const pellets = Array.from({ length: 26 }, (_, i) => {
    const x = 180 + ((i * 97) % 460);
    const y = 470 + ((i * 13) % 40);
    return `<circle cx="${x}" cy="${y}" r="${9 + (i % 3) * 2}" fill="${a.pellet}"/>`;
  }).join('');
  return `<path d="M260 110 Q 400 85 540 110 L 560 460 Q 400 490 240 460 Z" fill="${a.bag}" stroke="#0f172a" stroke-opacity="0.3" stroke-width="6"/>
  <path d="M262 112 L 300 90 L 340 112 L 380 90 L 420 112 L 460 90 L 500 112 L 540 90" stroke="#0f172a" stroke-opacity="0.3" stroke-width="6" fill="none"/>
  <rect x="255" y="230" width="290" height="110" fill="${a.band}"/>
  <path d="M330 285 C 360 245, 440 245, 465 285 C 440 325, 360 325, 330 285 Z M460 285 L 500 258 L 495 285 L 500 312 Z" fill="${a.bag}"/>
  <circle cx="355" cy="280" r="6" fill="${a.band}"/>
  <rect x="300" y="370" width="200" height="22" rx="6" fill="#fff" opacity="0.6"/>
  ${pellets}`;
}

function liner(a: Extract<ProductArt, { kind: 'liner' }>): string {
  return `<path d="M120 380 L 680 380 L 620 200 L 180 200 Z" fill="${a.sheet}"/>
  <path d="M200 360 L 600 360 L 560 230 L 240 230 Z" fill="${a.water}"/>
  <path d="M250 300 Q 300 285 350 300 T 450 300 T 550 300" stroke="#fff" stroke-opacity="0.6" stroke-width="6" fill="none"/>
  ${[0, 1, 2].map((i) => `<rect x="${470 + i * 16}" y="${400 + i * 22}" width="190" height="26" rx="6" fill="${a.sheet}" opacity="${0.9 - i * 0.15}"/>`).join('')}`;
}

function tank(a: Extract<ProductArt, { kind: 'tank' }>): string {
  return `<rect x="200" y="200" width="400" height="240" fill="${a.wall}"/>
  <ellipse cx="400" cy="440" rx="200" ry="50" fill="${a.wall}"/>
  <ellipse cx="400" cy="200" rx="200" ry="50" fill="#1e3a8a"/>
  <ellipse cx="400" cy="212" rx="185" ry="40" fill="${a.water}"/>
  ${[250, 330, 410, 490, 570].map((x) => `<rect x="${x - 6}" y="190" width="12" height="260" fill="#cbd5e1"/>`).join('')}
  <path d="M300 215 Q 330 200 360 215 M420 205 Q 450 190 480 205" stroke="#fff" stroke-width="5" fill="none"/>`;
}

function aerator(a: Extract<ProductArt, { kind: 'aerator' }>): string {
  if (!a.paddles) {
    const bubbles = Array.from(
      { length: 16 },
      (_, i) =>
        `<circle cx="${520 + ((i * 23) % 120)}" cy="${170 + ((i * 37) % 200)}" r="${6 + (i % 4) * 3}" fill="#fff" stroke="#0ea5e9" stroke-width="3"/>`,
    ).join('');
    return `<rect x="170" y="260" width="220" height="160" rx="24" fill="${a.body}"/>
    <rect x="195" y="285" width="170" height="30" rx="8" fill="#94a3b8"/>
    <circle cx="230" cy="370" r="18" fill="#22c55e"/>
    <path d="M390 330 Q 470 330 480 250 Q 490 180 560 170 M390 360 Q 500 380 540 330 Q 580 290 620 300" stroke="#0ea5e9" stroke-width="8" fill="none"/>
    <rect x="540" y="380" width="40" height="40" rx="8" fill="#64748b"/><rect x="600" y="380" width="40" height="40" rx="8" fill="#64748b"/>
    ${bubbles}`;
  }
  const wheel = (cx: number) => `<g transform="translate(${cx} 330)">
    <circle r="95" fill="none" stroke="#0f172a" stroke-width="10"/>
    ${[0, 45, 90, 135, 180, 225, 270, 315].map((deg) => `<rect x="-12" y="-100" width="24" height="60" fill="#f8fafc" stroke="#0f172a" stroke-width="4" transform="rotate(${deg})"/>`).join('')}
    <circle r="18" fill="#0f172a"/></g>`;
  return `<rect x="60" y="380" width="680" height="70" rx="30" fill="#38bdf8" opacity="0.7"/>
  ${wheel(220)}${wheel(580)}
  <rect x="300" y="315" width="200" height="30" fill="#334155"/>
  <rect x="330" y="230" width="140" height="110" rx="14" fill="${a.body}"/>
  <rect x="350" y="250" width="100" height="20" rx="6" fill="#99f6e4"/>
  <ellipse cx="220" cy="420" rx="120" ry="26" fill="#fff" opacity="0.7"/><ellipse cx="580" cy="420" rx="120" ry="26" fill="#fff" opacity="0.7"/>`;
}

function net(a: Extract<ProductArt, { kind: 'net' }>): string {
  const mesh = Array.from({ length: 22 }, (_, i) => {
    const o = i * 40 - 200;
    return `<path d="M${o} 0 L ${o + 600} 600 M${o + 600} 0 L ${o} 600" stroke="${a.rope}" stroke-width="4"/>`;
  }).join('');
  if (a.round) {
    return `<defs><clipPath id="cone"><path d="M400 110 L 650 470 Q 400 520 150 470 Z"/></clipPath></defs>
    <g clip-path="url(#cone)"><rect width="800" height="600" fill="#fff" opacity="0.4"/>${mesh}</g>
    <path d="M400 110 L 650 470 Q 400 520 150 470 Z" fill="none" stroke="${a.rope}" stroke-width="8"/>
    ${Array.from({ length: 12 }, (_, i) => `<circle cx="${170 + i * 42}" cy="${478 + Math.sin(i) * 6}" r="11" fill="#64748b"/>`).join('')}
    <path d="M400 110 Q 420 60 470 50" stroke="#78350f" stroke-width="8" fill="none"/>`;
  }
  return `<defs><clipPath id="seine"><rect x="90" y="170" width="620" height="270" rx="10"/></clipPath></defs>
  <g clip-path="url(#seine)"><rect width="800" height="600" fill="#fff" opacity="0.4"/>${mesh}</g>
  <rect x="90" y="170" width="620" height="270" fill="none" stroke="${a.rope}" stroke-width="8"/>
  ${Array.from({ length: 9 }, (_, i) => `<ellipse cx="${110 + i * 72}" cy="170" rx="22" ry="14" fill="#f97316"/>`).join('')}
  ${Array.from({ length: 12 }, (_, i) => `<circle cx="${100 + i * 55}" cy="442" r="10" fill="#475569"/>`).join('')}`;
}

function kit(a: Extract<ProductArt, { kind: 'kit' }>): string {
  const colours = ['#facc15', '#22c55e', '#3b82f6', '#ec4899'];
  return `<rect x="170" y="280" width="460" height="180" rx="18" fill="${a.box}"/>
  <rect x="170" y="280" width="460" height="40" rx="18" fill="#fff" opacity="0.25"/>
  ${colours.map((c, i) => `<g transform="translate(${250 + i * 100} 170)"><rect x="-22" y="0" width="44" height="190" rx="20" fill="#f8fafc" stroke="#64748b" stroke-width="5"/><rect x="-17" y="90" width="34" height="95" rx="16" fill="${c}"/><rect x="-26" y="-12" width="52" height="24" rx="6" fill="#334155"/></g>`).join('')}
  <rect x="560" y="330" width="120" height="140" rx="10" fill="#f8fafc" stroke="#94a3b8" stroke-width="5" transform="rotate(8 620 400)"/>`;
}

function bags(a: Extract<ProductArt, { kind: 'bags' }>): string {
  const one = (x: number, r: number) => `<g transform="translate(${x} 300) rotate(${r})">
    <path d="M-90 -150 L 90 -150 L 110 160 Q 0 185 -110 160 Z" fill="${a.film}" opacity="0.75" stroke="#0284c7" stroke-width="5"/>
    <path d="M-100 0 L 100 0 L 110 160 Q 0 185 -110 160 Z" fill="#38bdf8" opacity="0.6"/>
    <path d="M-40 -150 L 0 -190 L 40 -150" stroke="#dc2626" stroke-width="10" fill="none"/>
    ${[
      [-40, 60],
      [20, 100],
      [40, 40],
    ]
      .map(
        ([fx, fy]) =>
          `<path d="M${fx} ${fy} q 15 -12 30 0 q -15 12 -30 0 Z M${fx! + 30} ${fy} l 10 -8 l 0 16 Z" fill="#475569"/>`,
      )
      .join('')}
  </g>`;
  return one(280, -8) + one(520, 8);
}

function soup(a: Extract<ProductArt, { kind: 'soup' }>): string {
  const pieces = [
    [330, 250],
    [450, 240],
    [390, 300],
    [300, 310],
    [500, 300],
    [420, 340],
  ]
    .map(
      ([x, y], i) =>
        `<ellipse cx="${x}" cy="${y}" rx="${34 - (i % 3) * 6}" ry="${22 - (i % 2) * 4}" fill="${a.pieces}" stroke="#431407" stroke-opacity="0.4" stroke-width="4"/>`,
    )
    .join('');
  const leaves = [
    [360, 230],
    [480, 280],
    [320, 280],
    [430, 320],
  ]
    .map(
      ([x, y], i) =>
        `<path d="M${x} ${y} q 18 -22 40 -6 q -18 22 -40 6 Z" fill="${a.leaf}" transform="rotate(${i * 40} ${x} ${y})"/>`,
    )
    .join('');
  return `<ellipse cx="400" cy="300" rx="250" ry="120" fill="#f8fafc" stroke="#cbd5e1" stroke-width="8"/>
  <ellipse cx="400" cy="290" rx="215" ry="92" fill="${a.broth}"/>
  <ellipse cx="360" cy="260" rx="120" ry="30" fill="#fff" opacity="0.18"/>
  ${pieces}${leaves}
  <path d="M150 300 Q 400 520 650 300" fill="#f1f5f9" stroke="#cbd5e1" stroke-width="8"/>
  <path d="M620 170 q 20 -40 0 -80 M660 180 q 20 -40 0 -80" stroke="#fff" stroke-width="8" fill="none" opacity="0.7" stroke-linecap="round"/>`;
}

function drawArt(art: ProductArt): { svg: string; board: boolean } {
  switch (art.kind) {
    case 'fish':
      return { svg: fish(art), board: true };
    case 'smoked-fish':
      return { svg: smokedFish(art), board: true };
    case 'dried-fish':
      return { svg: driedFish(art), board: true };
    case 'prawn':
      return { svg: prawn(art), board: true };
    case 'crab':
      return { svg: crab(art), board: true };
    case 'lobster':
      return { svg: lobster(art), board: true };
    case 'shells':
      return { svg: shells(art), board: false };
    case 'ground':
      return { svg: ground(art), board: false };
    case 'feed-bag':
      return { svg: feedBag(art), board: false };
    case 'liner':
      return { svg: liner(art), board: false };
    case 'tank':
      return { svg: tank(art), board: false };
    case 'aerator':
      return { svg: aerator(art), board: false };
    case 'net':
      return { svg: net(art), board: false };
    case 'kit':
      return { svg: kit(art), board: false };
    case 'bags':
      return { svg: bags(art), board: false };
    case 'soup':
      return { svg: soup(art), board: false };
  }
}

export function productSvg(category: ProductCategory, art: ProductArt): string {
  const { svg, board } = drawArt(art);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${background(BACKGROUNDS[category], board)}${svg}</svg>`;
}

async function writeVariants(outDir: string, name: string, svg: string) {
  // The same files, names and encodings as an uploaded picture (core/media).
  for (const file of await renderImageFiles(await sharp(Buffer.from(svg)).png().toBuffer(), name))
    writeFileSync(path.join(outDir, file.name), file.body);
}

async function main() {
  const productsDir = path.resolve('public/images/products');
  mkdirSync(productsDir, { recursive: true });
  for (const product of SEED_PRODUCTS) {
    await writeVariants(productsDir, product.slug, productSvg(product.category, product.art));
  }
  const recipesDir = path.resolve('public/images/recipes');
  mkdirSync(recipesDir, { recursive: true });
  for (const recipe of SEED_RECIPES_ART) {
    await writeVariants(recipesDir, recipe.slug, productSvg(recipe.category, recipe.art));
  }
  console.log(`wrote ${SEED_PRODUCTS.length} product and ${SEED_RECIPES_ART.length} recipe pictures`);
}

await main();
