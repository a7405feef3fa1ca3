/* The battle table view: record play through the battles REST API.
 *
 * The page is rendered by the server (battles/pages/views.py); this script only
 * - checks entered dice on the spot (the die's faces come from the server's dice request),
 * - sends the forms marked data-api-form to the API as JSON, with the stream version the page
 *   was rendered at (a stale page gets the server's 409 sentence) and an Idempotency-Key,
 * - shows the server's error sentence next to the form, or reloads the page on success,
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

  function paramsOf(form) {
    var params = {};
    form.querySelectorAll("[data-param]").forEach(function (el) {
      if (el.type === "checkbox") {
        if (el.checked) params[el.dataset.param] = true;
        return;
      }
      if (el.value === "") return;
      params[el.dataset.param] = el.type === "number" ? Number(el.value) : el.value;
    });
    var action = form.elements.action ? form.elements.action.value : "";
    var unit = form.elements.unit ? form.elements.unit.value : "";
    form.querySelectorAll("[data-for-action]").forEach(function (group) {
      if (group.dataset.forAction !== action) return;
      group.querySelectorAll("[data-weapons-of='" + unit + "'] [data-param-list]").forEach(function (el) {
        var name = el.dataset.paramList;
        params[name] = params[name] || [];
        if (el.checked) params[name].push(el.value);
      });
    });
    var extra = form.querySelector("[data-params-json]");
    if (extra && extra.value.trim()) {
      var parsed = JSON.parse(extra.value); // a SyntaxError is shown as the form's error
      Object.keys(parsed).forEach(function (k) { params[k] = parsed[k]; });
    }
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
    if (data.rule) text += " [" + data.rule + "]";
    if (status === 409 && data.current_version !== undefined) text += " " + messages().reload;
    showFormError(form, text);
    var field = data.field || "";
    var match = /^rolls\.(.+)$/.exec(field);
    var input = match && form.querySelector("[data-roll='" + match[1] + "']");
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

  /* --- the declaration shows the choices of the chosen action and unit ---------------- */

  function syncDeclaration(form) {
    if (!form || !form.elements.action) return;
    var action = form.elements.action.value;
    var unit = form.elements.unit ? form.elements.unit.value : "";
    form.querySelectorAll("[data-for-action]").forEach(function (group) {
      var shown = 0;
      group.querySelectorAll("[data-weapons-of]").forEach(function (list) {
        list.hidden = list.dataset.weaponsOf !== unit;
        if (!list.hidden) shown += 1;
      });
      group.hidden = group.dataset.forAction !== action || !shown;
    });
  }

  root.addEventListener("change", function (event) {
    if (event.target.name === "action" || event.target.name === "unit") syncDeclaration(event.target.form);
  });

  root.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.dataset.apiForm) return;
    event.preventDefault();
    sendForm(form, event.submitter);
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
  if (sessionStorage.getItem("battle-focus-pending")) {
    // After recording, the table's next input is where the keyboard goes.
    sessionStorage.removeItem("battle-focus-pending");
    var next = document.querySelector("#pending input:not([type=hidden]), #pending select, #pending button");
    if (next) next.focus();
  }
})();
