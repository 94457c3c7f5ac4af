/*
 * Early input: what a person does on a server-rendered page before the app has taken it over is kept,
 * not lost. Inlined in the host's HTML head (index.html), before any of the page; the host's CSP
 * allows it by its hash (security-headers.cjs, serve.cjs); minified by the HTML build. Why, and what it
 * costs: README.md beside this file.
 *
 * While the root carries data-hydrating (host-shell/src/boot/rendered-page.ts HYDRATING):
 * - a real link navigates (untouched);
 * - a tap on a button, tab, label, checkbox…, and a form's submission (Enter in a field), is held
 *   (not delivered, its default prevented) and delivered, every one in order, once the app has taken over;
 * - text typed into a field stays in the field (the browser keeps it; React keeps the node).
 * When the app has taken over (the 'utsav:interactive' event, host-shell/src/boot/interactive.ts):
 * the text typed into each field (recorded as it was typed: React's first renders may have put back what it
 * drew) is put back and reported to the app as typed (an input event React sees as a change, so a
 * controlled field's state gets the text), and each list's choice as a change, then the held taps
 * and submissions are delivered in order, each in a task of its own (so each sees the state the one
 * before left), and the root's mark goes.
 */
/* global document, setTimeout, Event */
(function (d) {
  var HYDRATING = 'data-hydrating';
  var held = [];
  // each field typed into (or chosen in) meanwhile, and what it holds: the app's first renders after taking
  // the page over may put back what they drew (a controlled field rendered again is set to its state)
  var typed = new Map();
  var replaying = 0;

  /** the root, while it holds the server's page and the app has not taken it over */
  function waiting() {
    var root = d.getElementById('root');
    return !replaying && root && root.hasAttribute(HYDRATING) && root;
  }

  /** a field that takes focus, typing and choosing by itself (a file's picker too) */
  function typing(element) {
    return element.matches('select,textarea') || (element.matches('input') && !/^(checkbox|radio|submit|button|image|reset)$/.test(element.type));
  }

  function hold(event, what) {
    event.preventDefault();
    event.stopPropagation();
    // every tap counts, in order, as it would once the app has taken over ("Next month" twice is two months);
    // what must not happen twice guards itself there as it does then (Book Now sends one request at a time)
    held.push(what);
  }

  d.addEventListener(
    'click',
    function (event) {
      var root = waiting();
      var control = root && root.contains(event.target) && event.target.closest('a[href],button,label,summary,input,select,textarea,[role=button],[role=tab],[role=checkbox],[role=radio],[role=switch],[role=option],[role=menuitem]');
      // a field's label focuses the field (a checkbox's is held as the checkbox)
      if (control && control.control) control = control.control;
      // a link navigates by itself
      if (control && !control.matches('a') && !typing(control)) hold(event, [control]);
    },
    true,
  );

  d.addEventListener(
    'input',
    function (event) {
      var root = waiting();
      if (root && root.contains(event.target) && typing(event.target) && event.target.type !== 'file') typed.set(event.target, event.target.value);
    },
    true,
  );

  // a submission without a click (Enter in a form that has no submit button)
  d.addEventListener(
    'submit',
    function (event) {
      var root = waiting();
      if (root && root.contains(event.target)) hold(event, [event.target, event.submitter]);
    },
    true,
  );

  d.addEventListener('utsav:interactive', function () {
    var root = waiting();
    if (!root) return;
    // after the effects that sent the event: React has finished its commit
    setTimeout(function () {
      // a field filled with no input event (restored by the browser) and not drawn again yet
      root.querySelectorAll('input,textarea').forEach(function (field) {
        if (!typed.has(field) && field.value !== field.defaultValue) typed.set(field, field.value);
      });
      replaying = 1;
      typed.forEach(function (text, field) {
        if (!field.isConnected) return;
        if (field.matches('select')) {
          // React leaves a list's choice as it finds it, and hears a change event as a change
          field.value = text;
          field.dispatchEvent(new Event('change', { bubbles: true }));
        } else if (text !== field.defaultValue) {
          // React keeps a field's last value through the element's own `value` setter: set it to what React
          // drew, then the typed text through the prototype's setter, and the input event is a change to React
          field.value = field.defaultValue;
          Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value').set.call(field, text);
          field.dispatchEvent(new Event('input', { bubbles: true }));
        }
      });
      replaying = 0;
      setTimeout(function next() {
        var what = held.shift();
        if (!what) return root.removeAttribute(HYDRATING);
        replaying = 1;
        try {
          // (a control the app drew anew is gone: nothing to deliver to)
          if (what[0].isConnected && what[0].matches('form')) what[0].requestSubmit(what[1]);
          else if (what[0].isConnected) what[0].click();
        } finally {
          replaying = 0;
          setTimeout(next);
        }
      });
    });
  });
})(document);
