// Every demo of the page, by the name its element carries in data-demo.
// A demo module exports `needs` (the capsule2d functions it calls) and
// `mount(element, capsule2d)`, which returns { state, stage, ... }.
import * as closest from './closest.js';
import * as segmentCircle from './segment-circle.js';
import * as capsuleCircle from './capsule-circle.js';
import * as capsuleAxis from './capsule-axis.js';
import * as lineDistance from './line-distance.js';
import * as falling from './falling.js';
import * as circles from './circles.js';
import * as edgeCases from './edge-cases.js';
import * as raycast from './raycast.js';
import * as sweep from './sweep.js';
import * as tunnel from './tunnel.js';
import * as hero from './hero.js';
import * as playground from './playground.js';
import * as race from './race.js';
import * as raceFast from './race-fast.js';
import * as capsules from './capsules.js';

export const demos = {
  hero,
  closest,
  'segment-circle': segmentCircle,
  'capsule-circle': capsuleCircle,
  'capsule-axis': capsuleAxis,
  capsules,
  'line-distance': lineDistance,
  falling,
  circles,
  'edge-cases': edgeCases,
  raycast,
  sweep,
  tunnel,
  playground,
  race,
  'race-fast': raceFast,
};
