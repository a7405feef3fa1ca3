/* The battle table view: record play through the battles REST API.
 *
 * The page is rendered by the server (battles/pages/views.py); this script only
 * - checks entered dice on the spot (the die's faces come from the server's dice request),
 * - sends drawn cards (chosen among those left in the deck) or asks the server to draw them,
 * - sends the forms marked data-api-form to the API as JSON, with the stream version the page
 *   was rendered at (a stale page gets the server's 409 sentence) and an Idempotency-Key,
 * - shows the server's error sentence next to the form, or reloads the page on success and
 *   shows what the rules made of the fact at the top of the "Next" panel, where it was entered,
 * - concludes only with every side's result chosen and consistent, after a review of what the
 *   campaign will take over,
 * - asks the odds of a declared action before it is recorded,
 * - moves the replay slider without a full page load (fetches ?at=N and swaps the view).
 * No framework, no network access beyond this site.
 */
(function () {
  "use strict";

  var root = document.getElementById("battle");
  if (!root) return;

  function messages() {
    return JSON.parse(document.getElementById("battle-messages").textContent);
  }

  function format(template, values) {
    return template.replace(/%\((\w+)\)s/g, function (_, name) {
      return String(values[name]);
    });
  }

  function csrfToken() {
    var input = document.querySelector("input[name=csrfmiddlewaretoken]");
    return input ? input.value : "";
  }

  function newKey() {
    if (window.crypto && crypto.randomUUID) return crypto.randomUUID();
    return String(Date.now()) + "-" + String(Math.random()).slice(2);
  }

  /* --- dice values checked on the spot ------------------------------------------------- */

  function dieProblem(input) {
    var raw = input.value.trim();
    var sides = Number(input.dataset.sides);
    var msg = messages();
    if (raw === "") return msg.required;
    if (!/^\d+$/.test(raw)) return format(msg.whole_number, { sides: sides });
    var value = Number(raw);
    if (input.dataset.explodes === "true") {
      if (value < 1 || value % sides === 0) return format(msg.exploding, { sides: sides });
      return "";
    }
    if (value < 1 || value > sides) return format(msg.out_of_range, { value: value, sides: sides });
    return "";
  }

  function showFieldProblem(input, problem) {
    var error = document.getElementById(input.id + "-error");
    input.setCustomValidity(problem);
    if (problem) input.setAttribute("aria-invalid", "true");
    else input.removeAttribute("aria-invalid");
    if (error) error.textContent = problem;
  }

  function checkDie(input) {
    var problem = dieProblem(input);
    showFieldProblem(input, problem);
    return !problem;
  }

  root.addEventListener("input", function (event) {
    if (event.target.matches("input[data-sides]")) checkDie(event.target);
  });

  /* --- sending a form to the API ------------------------------------------------------- */

  function formError(form) {
    return form.querySelector("[data-form-error]");
  }

  function showFormError(form, text) {
    var box = formError(form);
    if (box) {
      box.textContent = text;
      box.hidden = !text;
    }
  }

  function valuesOf(form, name) {
    return Array.prototype.map.call(form.querySelectorAll("[data-roll='" + name + "']"), function (el) {
      return el.tagName === "SELECT" || isNaN(Number(el.value)) ? el.value : Number(el.value);
    });
  }

  function rollsOf(form) {
    var rolls = {};
    form.querySelectorAll("[data-roll]").forEach(function (el) {
      rolls[el.dataset.roll] = valuesOf(form, el.dataset.roll);
    });
    return rolls;
  }

  /* A declaration's parameters, read from the inputs the catalogue drew (see drawParams):
   * each input carries data-param (its name) and data-kind; values of selects and checkboxes
   * are the JSON of the catalogue's values. */
  function paramsOf(form) {
    var params = {};
    form.querySelectorAll("[data-declare-params] [data-param]").forEach(function (el) {
      var name = el.dataset.param;
      var kind = el.dataset.kind;
      if (el.dataset.other === "true") {
        if (el.checked) params[name] = JSON.parse(el.value);
        return;
      }
      if (el.disabled) return;
      if (el.dataset.list === "true") {
        params[name] = params[name] || [];
        // a checkbox when ticked; a pick of a counted list (a select) when chosen, in order
        var chosen = el.tagName === "SELECT" ? el.value !== "" : el.checked;
        if (chosen) params[name].push(JSON.parse(el.value));
        return;
      }
      if (kind === "flag") {
        params[name] = el.checked;
        return;
      }
      if (el.value === "") return;
      params[name] = kind === "number" ? Number(el.value) : JSON.parse(el.value);
    });
    return params;
  }

  function commandOf(form) {
    var command = { action: form.elements.action.value };
    if (!command.action) throw new Error(messages().no_action);
    var unit = form.elements.unit ? form.elements.unit.value : "";
    if (unit) command.unit = unit;
    var params = paramsOf(form);
    if (Object.keys(params).length) command.params = params;
    return command;
  }

  var bodies = {
    declare: function (form) {
      return { command: commandOf(form) };
    },
    dice: function (form, submitter) {
      if (submitter && submitter.name === "server_dice") {
        return { server_dice: JSON.parse(submitter.value) };
      }
      return { rolls: rollsOf(form) };
    },
    draw: function (form, submitter) {
      if (submitter && submitter.name === "server_draw") {
        return { server_draw: JSON.parse(submitter.value) };
      }
      var draws = {};
      form.querySelectorAll("[data-draw]").forEach(function (el) {
        (draws[el.dataset.draw] = draws[el.dataset.draw] || []).push(el.value);
      });
      return { draws: draws };
    },
    decide: function (form) {
      var key = form.elements.key.value;
      var chosen = Array.prototype.filter.call(form.querySelectorAll("[name=choice]"), function (el) {
        return el.checked || el.tagName === "SELECT";
      }).map(function (el) { return el.value; });
      return { key: key, choice: form.dataset.multiple === "true" ? chosen : chosen[0] };
    },
    correct: function (form) {
      var body = {
        target_version: Number(form.elements.target_version.value),
        action: form.elements.correction.value,
        reason: form.elements.reason.value,
      };
      if (body.action === "amend") {
        var data = JSON.parse(form.elements.original.value);
        data.rolls = rollsOf(form);
        body.data = data;
      }
      return body;
    },
    conclude: function (form) {
      var result = {};
      form.querySelectorAll("[data-side]").forEach(function (el) { result[el.dataset.side] = el.value; });
      return { result: result };
    },
  };

  function sendForm(form, submitter) {
    var kind = form.dataset.apiForm;
    var dice = form.querySelectorAll("input[data-sides]");
    var allGood = true;
    if (!(submitter && submitter.name === "server_dice")) {
      dice.forEach(function (input) { allGood = checkDie(input) && allGood; });
    }
    if (!allGood) {
      var firstBad = form.querySelector("[aria-invalid=true]");
      if (firstBad) firstBad.focus();
      return;
    }
    var body;
    try {
      body = bodies[kind](form, submitter);
    } catch (error) {
      showFormError(form, messages().bad_json + " " + error.message);
      return;
    }
    if (kind !== "odds") body.expected_version = Number(root.dataset.version);
    showFormError(form, "");
    form.setAttribute("aria-busy", "true");
    var buttons = form.querySelectorAll("button");
    buttons.forEach(function (b) { b.disabled = true; });
    fetch(form.dataset.url, {
      method: "POST",
      credentials: "same-origin",
      headers: {
        "Content-Type": "application/json",
        Accept: "application/json",
        "X-CSRFToken": csrfToken(),
        "Idempotency-Key": newKey(),
      },
      body: JSON.stringify(body),
    })
      .then(function (response) {
        return response.json().catch(function () { return {}; }).then(function (data) {
          return { ok: response.ok, status: response.status, data: data };
        });
      })
      .then(function (answer) {
        if (answer.ok) {
          sessionStorage.setItem("battle-focus-pending", "1");
          if (OUTCOME_KINDS.indexOf(kind) >= 0) rememberOutcome(form, answer.data);
          if (window.location.pathname + window.location.search === root.dataset.headUrl) {
            window.location.reload();
          } else {
            window.location.assign(root.dataset.headUrl);
          }
          return;
        }
        form.removeAttribute("aria-busy");
        buttons.forEach(function (b) { b.disabled = false; });
        showServerError(form, answer.data, answer.status);
      })
      .catch(function () {
        form.removeAttribute("aria-busy");
        buttons.forEach(function (b) { b.disabled = false; });
        showFormError(form, messages().network);
      });
  }

  function showServerError(form, data, status) {
    var text = data.message || messages().failed + " (" + status + ")";
    // the rule it cites, unless the sentence already names it ("... (§2.13)")
    if (data.rule && text.indexOf(data.rule) < 0) text += " [" + data.rule + "]";
    if (status === 409 && data.current_version !== undefined) text += " " + messages().reload;
    showFormError(form, text);
    var field = data.field || "";
    var match = /^(rolls|draws)\.(.+)$/.exec(field);
    var input = match && form.querySelector(
      "[data-" + (match[1] === "rolls" ? "roll" : "draw") + "='" + match[2] + "']");
    if (!input && field.indexOf("params.") === 0) {
      input = form.querySelector("[data-param='" + field.slice(7) + "']");
    }
    if (input) {
      input.setAttribute("aria-invalid", "true");
      input.focus();
    } else {
      var box = formError(form);
      if (box) box.focus();
    }
  }

  /* --- the odds of a declared action --------------------------------------------------- */

  function showOdds(form) {
    var box = form.querySelector("[data-odds]");
    var command;
    try {
      command = commandOf(form);
    } catch (error) {
      showFormError(form, messages().bad_json + " " + error.message);
      return;
    }
    showFormError(form, "");
    box.textContent = messages().working;
    fetch(root.dataset.oddsUrl, {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json", Accept: "application/json", "X-CSRFToken": csrfToken() },
      body: JSON.stringify({ command: command }),
    })
      .then(function (response) { return response.json().then(function (data) { return { ok: response.ok, status: response.status, data: data }; }); })
      .then(function (answer) {
        box.textContent = "";
        if (!answer.ok) {
          showServerError(form, answer.data, answer.status);
          return;
        }
        box.appendChild(oddsTable(answer.data.outcomes));
      })
      .catch(function () { box.textContent = ""; showFormError(form, messages().network); });
  }

  var ODDS_ROWS = 8;

  function oddsRows(outcomes) {
    // [{outcome, label, p: "3/8", float: 0.375}], likeliest first; label: the page's language.
    return (outcomes || []).map(function (o) {
      var what = o.label || (typeof o.outcome === "string" ? o.outcome : JSON.stringify(o.outcome));
      return [what, (o.float * 100).toFixed(1) + " %", o.p];
    });
  }

  function oddsTable(outcomes) {
    var table = document.createElement("table");
    var caption = table.createCaption();
    caption.textContent = messages().odds_caption;
    var head = table.createTHead().insertRow();
    [messages().outcome, messages().chance].forEach(function (text) {
      var th = document.createElement("th");
      th.scope = "col";
      th.textContent = text;
      head.appendChild(th);
    });
    var tbody = table.createTBody();
    var rows = oddsRows(outcomes);
    rows.slice(0, ODDS_ROWS).forEach(function (row) {
      var tr = tbody.insertRow();
      tr.insertCell().textContent = row[0];
      var chance = tr.insertCell();
      chance.textContent = row[1];
      chance.title = row[2];
    });
    if (rows.length > ODDS_ROWS) {
      // the long tail of unlikely outcomes in one row, so the table fits a phone
      var rest = (outcomes || []).slice(ODDS_ROWS).reduce(function (sum, o) { return sum + o.float; }, 0);
      var tr = tbody.insertRow();
      tr.insertCell().textContent = format(messages().other_outcomes, { n: rows.length - ODDS_ROWS });
      tr.insertCell().textContent = (rest * 100).toFixed(1) + " %";
    }
    return table;
  }

  root.addEventListener("click", function (event) {
    var button = event.target.closest("[data-odds-button]");
    if (button) {
      event.preventDefault();
      showOdds(button.form);
    }
  });

  /* --- the declaration is drawn from the catalogue of what may be declared now ---------- */

  function catalogue(form) {
    var data = form.querySelector("#declare-commands");
    return data ? JSON.parse(data.textContent) : [];
  }

  function el(tag, attrs, text) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) { node.setAttribute(k, attrs[k]); });
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function isDefault(param, value) {
    var d = param["default"];
    if (Array.isArray(d)) return d.some(function (v) { return JSON.stringify(v) === JSON.stringify(value); });
    return JSON.stringify(d) === JSON.stringify(value);
  }

  /* One select per pick of a list of `count` picks (a choice may repeat: the cell of each
   * die), in order, each labelled by the page ("cell of the 2nd roll"); pre-filled from the
   * default's pick at its place, or empty when there is none. */
  function picksField(param, id, common) {
    var box = el("fieldset", { id: id });
    box.appendChild(el("legend", {}, param.label));
    var d = Array.isArray(param["default"]) ? param["default"] : [];
    for (var n = 0; n < param.count; n++) {
      var row = el("div", { "class": "field" });
      row.appendChild(el("label", { "for": id + "-" + n }, (param.picks || [])[n] || param.label + " " + (n + 1)));
      var input = el("select", Object.assign({ id: id + "-" + n, "data-list": "true" }, common));
      if (d[n] === undefined) input.appendChild(el("option", { value: "" }, "—"));
      (param.choices || []).forEach(function (choice) {
        var option = el("option", { value: JSON.stringify(choice.value) }, choice.label);
        option.selected = JSON.stringify(d[n]) === JSON.stringify(choice.value);
        input.appendChild(option);
      });
      row.appendChild(input);
      box.appendChild(row);
    }
    return box;
  }

  /* One input per parameter: a select for a unit or a choice, checkboxes for figures and
   * lists, selects for a list of `count` picks, a number input with its bounds, a checkbox
   * for a flag. A number's choices are the other values it takes (null: "none on the table"),
   * each a tick beside it that stands for the number. A required parameter without a default
   * (the player must choose, e.g. who panics) starts empty: no box ticked, no option chosen;
   * sent empty, the server's refusal names it. */
  function paramField(param) {
    var id = "declare-param-" + param.name;
    var common = { "data-param": param.name, "data-kind": param.kind };
    var box;
    if (param.count) return picksField(param, id, common);
    if (param.kind === "figures" || param.multiple) {
      box = el("fieldset", { id: id });
      box.appendChild(el("legend", {}, param.label));
      (param.choices || []).forEach(function (choice, n) {
        var row = el("div", { "class": "choice" });
        var input = el("input", Object.assign({ type: "checkbox", id: id + "-" + n, value: JSON.stringify(choice.value), "data-list": "true" }, common));
        input.checked = isDefault(param, choice.value);
        row.appendChild(input);
        row.appendChild(el("label", { "for": id + "-" + n }, choice.label));
        box.appendChild(row);
      });
      return box;
    }
    box = el("div", { "class": param.kind === "flag" ? "choice" : "field" });
    var input;
    if (param.kind === "flag") {
      input = el("input", Object.assign({ type: "checkbox", id: id }, common));
      input.checked = param["default"] === true;
      box.appendChild(input);
      box.appendChild(el("label", { "for": id }, param.label));
      return box;
    }
    box.appendChild(el("label", { "for": id }, param.label));
    if (param.kind === "number") {
      input = el("input", Object.assign({ type: "number", id: id, inputmode: "decimal", step: "any" }, common));
      if (param.minimum !== undefined) input.min = param.minimum;
      if (param.maximum !== undefined) input.max = param.maximum;
      if (param["default"] !== null) input.value = param["default"];
      if (param.required) input.required = true;
      box.appendChild(input);
      (param.choices || []).forEach(function (choice, n) {
        var row = el("div", { "class": "choice" });
        var other = el("input", Object.assign({ type: "checkbox", id: id + "-" + n, value: JSON.stringify(choice.value), "data-other": "true" }, common));
        other.checked = param["default"] !== null && isDefault(param, choice.value);  // null: nothing pre-filled
        input.disabled = input.disabled || other.checked;
        row.appendChild(other);
        row.appendChild(el("label", { "for": id + "-" + n }, choice.label));
        box.appendChild(row);
      });
      return box;
    } else {
      input = el("select", Object.assign({ id: id }, common));
      if (!param.required || param["default"] === null) input.appendChild(el("option", { value: "" }, "—"));
      (param.choices || []).forEach(function (choice) {
        var option = el("option", { value: JSON.stringify(choice.value) }, choice.label);
        option.selected = isDefault(param, choice.value);
        input.appendChild(option);
      });
    }
    box.appendChild(input);
    return box;
  }

  /* A number's other value ticked (or unticked): the number is not asked for meanwhile, the
   * other ticks of it are unticked. */
  function otherValue(tick) {
    var box = tick.closest(".field");
    box.querySelectorAll("[data-other]").forEach(function (other) {
      if (other !== tick) other.checked = false;
    });
    box.querySelector("input[type=number]").disabled = tick.checked;
  }

  function drawParams(form) {
    var box = form.querySelector("[data-declare-params]");
    if (!box) return;
    var action = form.elements.action.value;
    var unit = form.elements.unit ? form.elements.unit.value : "";
    var spec = catalogue(form).filter(function (c) {
      return c.action === action && (c.unit || "") === unit;
    })[0];
    box.textContent = "";
    (spec ? spec.params : []).forEach(function (param) { box.appendChild(paramField(param)); });
  }

  function drawUnits(form) {
    var select = form.elements.unit;
    var action = form.elements.action.value;
    var chosen = select.value;
    select.textContent = "";
    catalogue(form).forEach(function (c) {
      if (c.action !== action) return;
      var option = el("option", { value: c.unit || "" }, c.unit ? c.unit_label : messages().no_unit);
      option.selected = (c.unit || "") === chosen;
      select.appendChild(option);
    });
  }

  function syncDeclaration(form) {
    if (!form || !form.elements.action || !form.querySelector("[data-declare-params]")) return;
    drawParams(form);
  }

  root.addEventListener("change", function (event) {
    var form = event.target.form;
    if (!form || !form.querySelector("[data-declare-params]")) return;
    if (event.target.dataset.other === "true") otherValue(event.target);
    if (event.target.name === "action") drawUnits(form);
    if (event.target.name === "action" || event.target.name === "unit") drawParams(form);
  });

  root.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.dataset.apiForm) return;
    event.preventDefault();
    if (form.dataset.apiForm === "conclude" && !reviewing(form)) {
      review(form);
      return;
    }
    sendForm(form, event.submitter);
  });

  /* --- the outcome of what was entered, where it was entered ---------------------------- */

  var OUTCOME_KINDS = ["declare", "dice", "decide"];
  var OUTCOME_KEY = "battle-last-outcome";

  function labelOfRoll(form, key) {
    var input = form.querySelector("[data-roll='" + key + "']");
    var label = input && input.labels && input.labels[0];
    if (!label) return key;
    var badge = label.querySelector(".badge");
    var text = label.childNodes[0] ? label.childNodes[0].textContent : label.textContent;
    return (text || label.textContent).trim() + (badge ? " " + badge.textContent.trim() : "");
  }

  function rememberOutcome(form, data) {
    // What the rules derived from the fact (the API's answer), shown after the page reloads
    // at the top of the "Next" panel: where the form that was sent stood.
    var effects = (data.effects || []).map(function (e) { return e.text; }).filter(Boolean);
    var rolled = [];
    (data.events || []).forEach(function (event) {
      if (event.type !== "dice" || !event.data || event.data.source !== "server") return;
      Object.keys(event.data.rolls || {}).forEach(function (key) {
        var values = event.data.rolls[key];
        if (values && !Array.isArray(values) && values.values) values = values.values;
        rolled.push(labelOfRoll(form, key) + ": " + [].concat(values).join(", "));
      });
    });
    var versions = (data.events || []).map(function (event) { return event.version; });
    sessionStorage.setItem(OUTCOME_KEY, JSON.stringify({
      effects: effects, rolled: rolled, version: data.version, versions: versions
    }));
  }

  function listOf(lines, lang) {
    var ul = document.createElement("ul");
    lines.forEach(function (line) {
      var li = document.createElement("li");
      li.textContent = line;
      if (lang) li.lang = lang;
      ul.appendChild(li);
    });
    return ul;
  }

  function showOutcome() {
    var raw = sessionStorage.getItem(OUTCOME_KEY);
    sessionStorage.removeItem(OUTCOME_KEY);
    var box = document.querySelector("#pending [data-last-outcome]");
    if (!raw || !box) return;
    var outcome = JSON.parse(raw);
    if (String(outcome.version) !== root.dataset.version) return; // someone else's page since
    var msg = messages();
    var title = document.createElement("p");
    title.className = "outcome-title";
    title.textContent = msg.outcome_title;
    var parts = [title];
    if (outcome.rolled.length) {
      var rolled = document.createElement("p");
      rolled.textContent = msg.rolled;
      parts.push(rolled, listOf(outcome.rolled));
    }
    // the effects as the reloaded log writes them, in the page's language; else the API's
    var logged = [];
    (outcome.versions || []).forEach(function (version) {
      var rows = document.querySelectorAll("#event-" + version + " ul.effects > li");
      Array.prototype.forEach.call(rows, function (li) { logged.push(li.cloneNode(true)); });
    });
    if (logged.length) {
      var list = document.createElement("ul");
      logged.forEach(function (li) { list.appendChild(li); });
      parts.push(list);
    } else if (outcome.effects.length) parts.push(listOf(outcome.effects, "en"));
    else {
      var none = document.createElement("p");
      none.textContent = msg.no_effect;
      parts.push(none);
    }
    // filled after the (empty) live region is in place, so that screen readers announce it
    window.setTimeout(function () { parts.forEach(function (el) { box.appendChild(el); }); }, 50);
  }

  /* --- concluding: every result chosen, consistent, then confirmed after the review ----- */

  function reviewing(form) {
    var preview = form.querySelector("[data-conclude-step=preview]");
    return preview && !preview.hidden;
  }

  function resultProblem(form) {
    var msg = messages();
    var selects = Array.prototype.slice.call(form.querySelectorAll("select[data-side]"));
    var bad = null;
    selects.forEach(function (el) {
      var problem = el.value ? "" : format(msg.choose_result, { side: el.dataset.sideName });
      showFieldProblem(el, problem);
      if (problem && !bad) bad = { text: problem, input: el };
    });
    if (bad) return bad;
    function named(outcome) {
      return selects.filter(function (el) { return el.value === outcome; });
    }
    function names(list) { return list.map(function (el) { return el.dataset.sideName; }).join(", "); }
    var winners = named("win"), drawn = named("draw");
    if (winners.length > 1) return { text: format(msg.two_winners, { sides: names(winners) }), input: winners[1] };
    if (winners.length && drawn.length) {
      return { text: format(msg.win_and_draw, { winner: names(winners), drawn: names(drawn) }), input: drawn[0] };
    }
    if (drawn.length === 1) return { text: format(msg.lone_draw, { side: names(drawn) }), input: drawn[0] };
    return null;
  }

  function review(form) {
    var problem = resultProblem(form);
    if (problem) {
      showFormError(form, problem.text);
      problem.input.setAttribute("aria-invalid", "true");
      problem.input.focus();
      return;
    }
    showFormError(form, "");
    var labels = Array.prototype.map.call(form.querySelectorAll("select[data-side]"), function (el) {
      return el.dataset.sideName + " — " + el.options[el.selectedIndex].text;
    });
    form.querySelector("[data-conclude-results]").textContent = labels.join("; ");
    form.querySelector("[data-conclude-step=results]").hidden = true;
    var preview = form.querySelector("[data-conclude-step=preview]");
    preview.hidden = false;
    preview.focus();
  }

  root.addEventListener("click", function (event) {
    var button = event.target.closest("[data-conclude-review], [data-conclude-back]");
    if (!button) return;
    event.preventDefault();
    var form = button.form;
    if (button.hasAttribute("data-conclude-review")) {
      review(form);
      return;
    }
    form.querySelector("[data-conclude-step=preview]").hidden = true;
    form.querySelector("[data-conclude-step=results]").hidden = false;
    showFormError(form, "");
    var first = form.querySelector("select[data-side]");
    if (first) first.focus();
  });

  root.addEventListener("change", function (event) {
    if (event.target.matches("select[data-side]") && event.target.value) {
      showFieldProblem(event.target, "");
    }
  });

  /* --- replay slider ------------------------------------------------------------------- */

  var pendingReplay = null;

  function loadReplay(form) {
    var at = form.elements.at.value;
    var url = form.action + "?at=" + encodeURIComponent(at);
    if (pendingReplay) pendingReplay.abort();
    pendingReplay = new AbortController();
    return fetch(url, { credentials: "same-origin", signal: pendingReplay.signal })
      .then(function (response) { return response.text(); })
      .then(function (html) {
        var doc = new DOMParser().parseFromString(html, "text/html");
        var fresh = doc.getElementById("battle-view");
        if (!fresh) return;
        document.getElementById("battle-view").replaceWith(fresh);
        var turn = doc.getElementById("turn-slot"); // whose turn it was then
        if (turn) document.getElementById("turn-slot").replaceWith(turn);
        history.replaceState(null, "", url);
        wire();
      })
      .catch(function (error) { if (error.name !== "AbortError") throw error; });
  }

  function wire() {
    document.querySelectorAll("form[data-api-form=declare]").forEach(syncDeclaration);
    var replay = document.getElementById("replay-form");
    if (!replay || replay.dataset.wired) return;
    replay.dataset.wired = "true";
    var slider = replay.elements.at;
    var output = replay.querySelector("output");
    slider.addEventListener("input", function () { output.value = slider.value; });
    slider.addEventListener("change", function () { loadReplay(replay); });
    replay.addEventListener("submit", function (event) {
      event.preventDefault();
      loadReplay(replay);
    });
  }

  wire();
  showOutcome();
  if (sessionStorage.getItem("battle-focus-pending")) {
    // After recording, the table's next input is where the keyboard goes.
    sessionStorage.removeItem("battle-focus-pending");
    var next = document.querySelector("#pending input:not([type=hidden]), #pending select, #pending button");
    if (next) next.focus();
  }
})();
