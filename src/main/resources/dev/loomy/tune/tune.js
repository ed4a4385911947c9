// loomy tune's page: built on the API it is served with (GET /api/filters, /api/images, /api/preview).
'use strict';

const $ = id => document.getElementById(id);
/** Which page this is, so that the server drops this page's older previews when a newer one comes. */
const client = [...crypto.getRandomValues(new Uint8Array(12))].map(b => b.toString(16).padStart(2, '0')).join('');
const state = { filters: [], images: [], filter: null, image: null, values: {}, sequence: 0, request: null,
  shownUrl: null, view: 'side', showingFiltered: true };

async function getJson(path) {
  const response = await fetch(path);
  if (!response.ok) {
    throw new Error(path + ': ' + await errorOf(response));
  }
  return response.json();
}

async function errorOf(response) {
  try {
    return (await response.json()).error;
  } catch (e) {
    return 'HTTP ' + response.status;
  }
}

function previewUrl(image, filter, values, width) {
  const query = new URLSearchParams({ image: image.id });
  if (filter) {
    query.set('filter', filter.name);
  }
  for (const [name, value] of Object.entries(values || {})) {
    query.set(name, String(value));
  }
  if (width) {
    query.set('width', String(width));
  }
  return '/api/preview?' + query;
}

/** The parameters whose values differ from the filter's own: what --param would give. */
function changed() {
  const values = {};
  for (const parameter of state.filter.parameters) {
    if (state.values[parameter.name] !== parameter.default) {
      values[parameter.name] = state.values[parameter.name];
    }
  }
  return values;
}

/** Asks for the preview of the current settings; an older one still on its way is abandoned. */
async function preview() {
  if (!state.filter || !state.image) {
    return;
  }
  const sequence = ++state.sequence;
  const asked = performance.now();
  if (state.request) {
    state.request.abort();
  }
  const request = state.request = new AbortController();
  updateYaml();
  let response;
  try {
    response = await fetch(previewUrl(state.image, state.filter, changed()), {
      signal: request.signal, headers: { 'X-Loomy-Client': client, 'X-Loomy-Sequence': String(sequence) } });
  } catch (e) {
    return; // aborted: a newer preview is on its way
  }
  if (sequence !== state.sequence) {
    return;
  }
  if (!response.ok) {
    if (response.status !== 409) {
      $('status').textContent = await errorOf(response);
    }
    return;
  }
  const blob = await response.blob();
  if (sequence !== state.sequence) {
    return;
  }
  const timing = /filter;dur=([0-9.]+)/.exec(response.headers.get('Server-Timing') || '');
  const warning = response.headers.get('X-Loomy-Warning');
  const url = URL.createObjectURL(blob);
  const image = $('filtered');
  image.onload = () => {
    if (state.shownUrl) {
      URL.revokeObjectURL(state.shownUrl);
    }
    state.shownUrl = url;
    $('time').textContent = (timing ? 'filter ' + Number(timing[1]).toFixed(1) + ' ms, ' : '')
      + 'shown ' + Math.round(performance.now() - asked) + ' ms after the change';
    $('filter-name').textContent = response.headers.get('X-Loomy-Filter') || state.filter.name;
    $('status').textContent = warning ? 'warning: ' + warning : '';
    document.body.dataset.shown = String(sequence);
  };
  image.src = url;
}

/** The entry for the current settings, ready to go under filters: in a filters.yaml. */
function updateYaml() {
  const filter = state.filter;
  let entry;
  if (filter.kind === 'chain') {
    entry = '{chain: [' + filter.steps.join(', ') + ']}';
  } else {
    entry = '{' + ['kind: ' + filter.kind, ...filter.parameters.map(p => p.name + ': ' + String(state.values[p.name]))]
      .join(', ') + '}';
  }
  $('yaml').value = 'filters:\n  ' + filter.name + ': ' + entry + '\n';
}

/** How a number parameter's slider maps to its values: a log scale over wide ranges above 0. */
function scale(parameter) {
  const integer = parameter.type === 'integer';
  const positive = parameter.min > 0;
  let high = parameter.max;
  if (!integer && high > 100 * Math.max(Math.abs(parameter.default), 1)) {
    high = 100 * Math.max(Math.abs(parameter.default), 1); // the number box takes the rest
  }
  let low = positive && parameter.min < high / 1e4 ? high / 1e4 : parameter.min;
  const log = !integer && low > 0 && high / low >= 100;
  const steps = integer ? high - low : 1000;
  const round = v => integer ? Math.round(v) : Number(v.toPrecision(3));
  return {
    steps,
    toValue: p => round(log ? low * Math.pow(high / low, p / steps) : low + (high - low) * p / steps),
    toPosition: v => Math.max(0, Math.min(steps, Math.round(log ? steps * Math.log(v / low) / Math.log(high / low)
      : (v - low) * steps / (high - low)))),
  };
}

function control(parameter) {
  const row = document.createElement('div');
  row.className = 'parameter';
  const label = document.createElement('label');
  label.textContent = parameter.name;
  label.htmlFor = 'p-' + parameter.name;
  row.append(label);
  if (parameter.type === 'flag') {
    const box = document.createElement('input');
    box.type = 'checkbox';
    box.setAttribute('role', 'switch');
    box.id = 'p-' + parameter.name;
    box.checked = state.values[parameter.name];
    box.addEventListener('change', () => { state.values[parameter.name] = box.checked; preview(); });
    row.append(box);
    return row;
  }
  const s = scale(parameter);
  const slider = document.createElement('input');
  slider.type = 'range';
  slider.id = 'p-' + parameter.name;
  slider.min = '0';
  slider.max = String(s.steps);
  slider.value = String(s.toPosition(state.values[parameter.name]));
  const number = document.createElement('input');
  number.type = 'number';
  number.step = 'any';
  number.min = String(parameter.min);
  number.max = String(parameter.max);
  number.value = String(state.values[parameter.name]);
  number.setAttribute('aria-label', parameter.name);
  slider.addEventListener('input', () => {
    const value = s.toValue(Number(slider.value));
    number.value = String(value);
    state.values[parameter.name] = value;
    preview();
  });
  number.addEventListener('input', () => {
    const value = number.valueAsNumber;
    if (Number.isFinite(value)) {
      slider.value = String(s.toPosition(value));
      state.values[parameter.name] = value;
      preview();
    }
  });
  const range = document.createElement('span');
  range.className = 'range';
  range.textContent = parameter.type + ', ' + (parameter.min === Number.MIN_VALUE ? 'above 0' : 'from ' + parameter.min)
    + ' to ' + parameter.max + '; the filter\'s own: ' + parameter.default;
  row.append(slider, number, range);
  return row;
}

function chooseFilter(name) {
  state.filter = state.filters.find(f => f.name === name) || state.filters[0];
  $('filter').value = state.filter.name;
  $('description').textContent = state.filter.description || '';
  state.values = {};
  state.filter.parameters.forEach(p => { state.values[p.name] = p.default; });
  const parameters = $('parameters');
  parameters.replaceChildren(...state.filter.parameters.map(control));
  if (state.filter.parameters.length === 0) {
    parameters.textContent = state.filter.kind === 'chain'
      ? 'A chain of ' + state.filter.steps.join(', ') + ': tune its steps.' : 'No parameters.';
  }
  preview();
}

function chooseImage(image) {
  state.image = image;
  document.querySelectorAll('.thumb').forEach(b => b.setAttribute('aria-pressed', String(b.dataset.id === image.id)));
  $('image-name').textContent = image.name + (image.width ? ' (' + image.width + '\u00d7' + image.height + ')' : '');
  $('original').src = previewUrl(image);
  preview();
}

function chooseView(view) {
  state.view = view;
  $('view').className = view + (state.showingFiltered ? ' showing-filtered' : '');
  document.querySelectorAll('[data-view]').forEach(b => b.setAttribute('aria-pressed', String(b.dataset.view === view)));
}

async function main() {
  const [filters, images] = await Promise.all([getJson('/api/filters'), getJson('/api/images')]);
  state.filters = filters;
  state.images = images;
  $('filter').replaceChildren(...filters.map(f => new Option(f.name + (f.kind !== f.name ? ' (' + f.kind + ')' : ''), f.name)));
  $('filter').addEventListener('change', () => chooseFilter($('filter').value));
  $('strip').replaceChildren(...images.map(image => {
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'thumb';
    button.dataset.id = image.id;
    button.title = image.name;
    const thumb = document.createElement('img');
    thumb.alt = image.name;
    thumb.src = previewUrl(image, null, null, 160);
    button.append(thumb);
    button.addEventListener('click', () => chooseImage(image));
    return button;
  }));
  document.querySelectorAll('[data-view]').forEach(b => b.addEventListener('click', () => chooseView(b.dataset.view)));
  $('split').addEventListener('input', () => $('view').style.setProperty('--split', $('split').value + '%'));
  $('view').addEventListener('click', event => {
    if (state.view === 'toggle' && event.target.tagName === 'IMG') {
      state.showingFiltered = !state.showingFiltered;
      chooseView('toggle');
    }
  });
  $('reset').addEventListener('click', () => chooseFilter(state.filter.name));
  $('copy').addEventListener('click', () => navigator.clipboard.writeText($('yaml').value));
  chooseImage(images[0]);
  chooseFilter(document.body.dataset.filter);
}

main().catch(e => { $('status').textContent = String(e.message || e); });
