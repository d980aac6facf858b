// Every demo of the page, by the name its element carries in data-demo.
import * as closest from './closest.js';
import * as segmentCircle from './segment-circle.js';
import * as capsuleCircle from './capsule-circle.js';

export const demos = {
  closest,
  'segment-circle': segmentCircle,
  'capsule-circle': capsuleCircle,
};
