// The rules a create form chooses (the table's and the score pad's): the preset selected, an
// uploaded rules file, or the preset with a few of its options changed, each a row (the
// option, its new value), written as a rules file on top of the preset (`base`). A file is read
// by the server as it is chosen or made (`/api/rules/check`: its reason when it refuses, else
// what the form shows of it). The options and the preset's values are the server's
// (`/api/rules/options`, `canasta.rules.settable`): the page decides no rule.
import { $, api, el } from "./dom.js";

const words = (name) => name.replaceAll("_", " ");
const KIND_WORDS = { JK: "joker", R3: "red 3", B3: "black 3" };
const kindWords = (kind) => KIND_WORDS[kind] || kind;
// An option's value as the form says it: yes or no, a word, a number, a list.
function shown(o) {
  const { kind, value } = o;
  if (kind === "bool") return value ? "yes" : "no";
  if (kind === "choice") return words(value);
  if (kind === "numbers") return value.length ? value.join(", ") : "none";
  if (kind === "kinds") return value.length ? value.map(kindWords).join(", ") : "none";
  if (kind === "rows") return value.length ? value.map((row) => row.join(" · ")).join("; ") : "none";
  return value;
}
// A list typed as whole numbers, separated by commas or spaces: a word that is no number is
// sent as it is, and the server's check says what it wanted.
const numbers = (text) => text.split(/[\s,;]+/).filter(Boolean).map((t) => (/^-?\d+$/.test(t) ? Number(t) : t));

// The form's rules (the elements #preset, #rules-file, #create-error, and the house rules'
// box, made here after the file's label): `presets` offered, `draw(rules)` called with the
// rules chosen (a preset, or the server's reading of a file) whenever they change. Returns
// `request(presetKey)`: the create request's rules, the file or the preset under `presetKey`,
// once the server has read the file chosen or made (so the form, its seats, are drawn for
// those rules: a quick click on Create used to send a two-hand file with four seats).
export function rulesChoice(presets, draw) {
  const select = $("preset");
  let uploaded = null;  // the rules file chosen or made, as the server read it
  let houseText = null;  // the rules file the changes made, when there are any
  let reading = Promise.resolve();  // the server's reading of the file chosen, under way
  const preset = () => presets.find((p) => p.name === select.value);
  const redraw = () => draw(uploaded || preset());
  $("rules-file").closest("label").after(el("details", { id: "house" },
    el("summary", {}, "or change a few of these rules"), el("div", { id: "house-changes" }),
    el("button", { type: "button", id: "house-add" }, "Change a rule"),
    el("p", { id: "house-error", class: "error", role: "alert" })));
  const house = houseRules(preset, (rules, text) => { uploaded = rules; houseText = text; redraw(); });
  $("house-add").addEventListener("click", () => { $("rules-file").value = ""; });
  select.addEventListener("change", () => {
    uploaded = houseText = null; $("rules-file").value = ""; house.reset(); redraw();
  });
  $("rules-file").addEventListener("change", () => {
    reading = (async () => {
      const file = $("rules-file").files[0];
      $("create-error").textContent = "";
      uploaded = houseText = null;
      house.reset();
      if (file) {
        try {
          uploaded = await api("/api/rules/check", { rules_file: await file.text() });
        } catch (error) {
          $("create-error").textContent = error.message;
        }
      }
      redraw();
    })();
  });
  redraw();
  return async (presetKey) => {
    await Promise.all([reading, house.settled()]);
    const file = $("rules-file").files[0];
    if (houseText) return { rules_file: houseText };
    return file ? { rules_file: await file.text() } : { [presetKey]: select.value };
  };
}

// `preset()`: the preset chosen ({name, title}); `checked(rules, text)`: the server's reading
// of the rules file the changes make (null and null when there are none or it is refused).
function houseRules(preset, checked) {
  let options = [];     // the preset's settable options, with its values
  let rows = [];        // the changes: {key: "section.name", value}
  let loaded = null;    // the preset whose options are loaded
  let asked = 0;        // the latest check asked for: an older answer arriving late is dropped
  let checking = Promise.resolve();  // the latest check, under way

  const option = (key) => options.find((o) => `${o.section}.${o.name}` === key);

  function text() {
    const { name, title } = preset();
    const sections = {};
    for (const { key, value } of rows) {
      const [section, item] = key.split(".");
      const kind = option(key).kind;
      // a word, a list: as JSON, which a rules file (TOML) reads the same
      (sections[section] ||= []).push(`${item} = ${kind === "int" || kind === "bool" ? value : JSON.stringify(value)}`);
    }
    return [`name = "${name}-house"`, `title = ${JSON.stringify(`${title} (house rules)`)}`, `base = "${name}"`,
      ...Object.entries(sections).flatMap(([section, lines]) => ["", `[${section}]`, ...lines])].join("\n") + "\n";
  }

  async function changed() {
    draw();
    $("house-error").textContent = "";
    const mine = ++asked;
    if (!rows.length) { checked(null, null); return; }
    const made = text();
    checking = api("/api/rules/check", { rules_file: made }).then((rules) => {
      if (mine === asked) checked(rules, made);
    }, (error) => {
      if (mine !== asked) return;
      $("house-error").textContent = error.message;
      checked(null, null);
    });
    await checking;
  }

  function valueInput(row, at) {
    const o = option(row.key);
    const set = (value) => { rows[at].value = value; changed(); };
    const id = `house-value-${at}`;
    if (o.kind === "bool") {
      const input = el("select", { id, "aria-label": `${words(o.name)}: new value` },
        el("option", { value: "true" }, "yes"), el("option", { value: "false" }, "no"));
      input.value = String(row.value);
      input.addEventListener("change", () => set(input.value === "true"));
      return input;
    }
    if (o.kind === "choice") {
      const input = el("select", { id, "aria-label": `${words(o.name)}: new value` },
        ...o.choices.map((c) => el("option", { value: c }, words(c))));
      input.value = row.value;
      input.addEventListener("change", () => set(input.value));
      return input;
    }
    if (o.kind === "numbers") {
      const input = el("input", { id, type: "text", inputmode: "numeric", class: "house-list", value: row.value.join(", "),
        "aria-label": `${words(o.name)}: whole numbers, separated by commas` });
      input.addEventListener("change", () => set(numbers(input.value)));
      return input;
    }
    if (o.kind === "kinds") {
      return el("span", { id, class: "house-kinds", role: "group", "aria-label": `${words(o.name)}: new value` },
        ...o.choices.map((kind) => {
          const box = el("input", { type: "checkbox", value: kind });
          box.checked = row.value.includes(kind);
          box.addEventListener("change", () => set(o.choices.filter((k) => k === kind ? box.checked : row.value.includes(k))));
          return el("label", {}, box, ` ${kindWords(kind)}`);
        }));
    }
    if (o.kind === "rows") return rowsInput(o, row.value, id, set);
    const input = el("input", { id, type: "number", inputmode: "numeric", min: String(o.min), max: String(o.max),
      value: String(row.value), "aria-label": `${words(o.name)}: new value` });
    input.addEventListener("change", () => set(Number.parseInt(input.value, 10) || 0));
    return input;
  }

  // Rows of whole numbers under the columns' names, each row with its own ×, and a button
  // for one more (a copy of the last).
  function rowsInput(o, value, id, set) {
    const put = (at, column, text) => {
      set(value.map((r, i) => (i === at ? r.map((x, j) => (j === column ? Number.parseInt(text, 10) || 0 : x)) : r)));
    };
    return el("div", { id, class: "house-rows", role: "group", "aria-label": `${words(o.name)}: new value`,
      style: `--columns:${o.columns.length}` },
      el("div", { class: "house-rows-head" }, ...o.columns.map((c) => el("span", {}, c))),
      ...value.map((r, at) => el("div", { class: "house-rows-row" },
        ...r.map((x, column) => {
          const input = el("input", { type: "number", inputmode: "numeric", value: String(x),
            "aria-label": `${o.columns[column]}, row ${at + 1}` });
          input.addEventListener("change", () => put(at, column, input.value));
          return input;
        }),
        el("button", { type: "button", class: "house-row-remove", "aria-label": `remove row ${at + 1}`,
          on: { click: () => set(value.filter((_, i) => i !== at)) } }, "×"))),
      el("button", { type: "button", class: "house-row-add",
        on: { click: () => set([...value, value.length ? [...value[value.length - 1]] : o.columns.map(() => 0)]) } },
      "add a row"));
  }

  function draw() {
    $("house-changes").replaceChildren(...rows.map((row, at) => {
      const o = option(row.key);
      const chooser = el("select", { id: `house-option-${at}`, "aria-label": "the rule to change" },
        ...[...new Set(options.map((x) => x.section))].map((section) => el("optgroup", { label: words(section) },
          ...options.filter((x) => x.section === section).map((x) =>
            // the section too: "values (red threes)" says whose values, the list closed
            el("option", { value: `${x.section}.${x.name}` }, `${words(x.name)} (${words(x.section)})`)))));
      chooser.value = row.key;
      chooser.addEventListener("change", () => {
        rows[at] = { key: chooser.value, value: option(chooser.value).value };
        changed();
      });
      return el("div", { class: "house-row" }, chooser, valueInput(row, at),
        el("button", { type: "button", id: `house-remove-${at}`, "aria-label": "keep the preset's rule",
          on: { click: () => { rows.splice(at, 1); changed(); } } }, "×"),
        el("p", { class: "description" }, `${o.doc} (the preset: ${shown(o)})`));
    }));
  }

  async function add() {
    const { name } = preset();
    if (loaded !== name) {
      try {
        options = (await api(`/api/rules/options?preset=${encodeURIComponent(name)}`)).options;
      } catch (error) {
        $("house-error").textContent = error.message;
        return;
      }
      loaded = name;
    }
    const first = options.find((o) => o.section === "deal" && o.name === "hand_size") || options[0];
    rows.push({ key: `${first.section}.${first.name}`, value: first.value });
    await changed();
  }

  // a row added: Create waits for the options' fetch as for the check that follows it
  $("house-add").addEventListener("click", () => { checking = add(); });
  // a new preset or a rules file: the changes were of the rules before
  return {
    reset() { rows = []; asked++; draw(); $("house-error").textContent = ""; },
    settled: () => checking,  // the latest check's answer is in
  };
}
