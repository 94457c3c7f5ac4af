/**
 * The sandbox's checkout.js: what a page gets from GET /v1/checkout.js. It defines `window.Razorpay` the way
 * Razorpay's script does — `new Razorpay(options)`, `.open()`, `.on('payment.failed', cb)`, `.close()`;
 * options `key`, `order_id`, `amount`, `currency`, `name`, `description`, `prefill { name, email, contact }`,
 * `handler(response)`, `modal { ondismiss, escape, backdropclose }`, `theme.color` — so a page written for
 * Razorpay runs unchanged against it.
 *
 * `open()` puts an accessible modal dialog in the page (role=dialog, aria-modal, labelled by the merchant
 * name, focus inside and kept there, Escape or × dismisses → `modal.ondismiss()`), showing the amount in ₹
 * with Indian grouping, the prefilled contact, and two buttons: 'Pay' (POST /v1/checkout/pay → the dialog
 * closes and `handler({ razorpay_payment_id, razorpay_order_id, razorpay_signature })` is called) and
 * 'Fail payment' (POST /v1/checkout/fail → the dialog closes and every 'payment.failed' callback gets
 * Razorpay's `{ error: { code, description, source, step, reason, metadata: { order_id, payment_id } } }`).
 * Callbacks run on a later turn. It finds the sandbox from its own script URL.
 *
 * Browser code kept as text (ES2017, no dependencies): no eval, no inline style attributes or handlers,
 * styles set through element.style, so it works under a strict Content-Security-Policy that allows the
 * script's origin in script-src and connect-src. sandbox-checkout.test.ts runs it in jsdom.
 */
export const CHECKOUT_SCRIPT = String.raw`/* Utsav payment sandbox: a stand-in for Razorpay's checkout.js (window.Razorpay). No eval, no inline
   styles or handlers in markup: CSP-friendly (styles are set through element.style). */
(function () {
  'use strict';
  if (typeof window === 'undefined' || (window.Razorpay && window.Razorpay.sandbox)) return;

  var SCRIPT_PATH = /\/v1\/checkout\.js(?:[?#].*)?$/;
  function findBase() {
    var script = document.currentScript;
    if (!script || !SCRIPT_PATH.test(script.src || '')) {
      var scripts = document.getElementsByTagName('script');
      for (var i = scripts.length - 1; i >= 0; i--) {
        if (SCRIPT_PATH.test(scripts[i].src || '')) { script = scripts[i]; break; }
      }
    }
    return script && script.src ? script.src.replace(SCRIPT_PATH, '') : null;
  }
  var BASE = findBase();
  var REQUEST_TIMEOUT_MS = 15000;
  var counter = 0;

  function formatAmount(paise, currency) {
    try {
      return new Intl.NumberFormat('en-IN', { style: 'currency', currency: currency || 'INR' }).format(paise / 100);
    } catch (e) {
      return '\u20B9' + (paise / 100).toFixed(2);
    }
  }

  function el(tag, style, attrs, text) {
    var node = document.createElement(tag);
    if (style) Object.assign(node.style, style);
    if (attrs) for (var name in attrs) if (Object.prototype.hasOwnProperty.call(attrs, name)) node.setAttribute(name, attrs[name]);
    if (text !== undefined && text !== null) node.textContent = String(text);
    return node;
  }

  function post(path, body) {
    var controller = typeof AbortController === 'function' ? new AbortController() : null;
    var timer = controller ? setTimeout(function () { controller.abort(); }, REQUEST_TIMEOUT_MS) : null;
    return fetch(BASE + path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
      signal: controller ? controller.signal : undefined
    }).then(function (response) {
      return response.json().then(function (json) { return { ok: response.ok, body: json }; });
    }).then(function (result) {
      if (timer) clearTimeout(timer);
      return result;
    }, function (error) {
      if (timer) clearTimeout(timer);
      throw error;
    });
  }

  function later(fn, value) {
    // the page's callbacks run on their own turn: an exception there is the page's, not ours
    setTimeout(function () { fn(value); }, 0);
  }

  function Razorpay(options) {
    if (!(this instanceof Razorpay)) return new Razorpay(options);
    if (!options || !options.key) throw new Error('No key passed');
    if (!options.order_id) throw new Error('The payment sandbox needs options.order_id (create an order first)');
    this._options = options;
    this._listeners = {};
    this._dialog = null;
  }
  Razorpay.sandbox = true;

  Razorpay.prototype.on = function (event, callback) {
    if (typeof callback === 'function') (this._listeners[event] = this._listeners[event] || []).push(callback);
    return this;
  };

  Razorpay.prototype._emit = function (event, value) {
    var callbacks = this._listeners[event] || [];
    for (var i = 0; i < callbacks.length; i++) later(callbacks[i], value);
  };

  /** Removes the dialog; programmatic close() does not call modal.ondismiss. */
  Razorpay.prototype.close = function () {
    var dialog = this._dialog;
    if (!dialog) return;
    this._dialog = null;
    document.removeEventListener('keydown', dialog.onKey, true);
    if (dialog.overlay.parentNode) dialog.overlay.parentNode.removeChild(dialog.overlay);
    document.body.style.overflow = dialog.bodyOverflow;
    var back = dialog.returnFocus;
    if (back && typeof back.focus === 'function' && document.contains(back)) back.focus();
  };

  Razorpay.prototype._dismiss = function () {
    var modal = this._options.modal || {};
    this.close();
    if (typeof modal.ondismiss === 'function') later(modal.ondismiss);
  };

  Razorpay.prototype.open = function () {
    if (this._dialog) return this;
    var self = this;
    var options = this._options;
    var modal = options.modal || {};
    var prefill = options.prefill || {};
    var color = (options.theme && options.theme.color) || '#3399cc';
    var id = 'utsav-checkout-' + (++counter);
    var busy = false;

    var overlay = el('div', {
      position: 'fixed', top: '0', right: '0', bottom: '0', left: '0', zIndex: '2147483000',
      background: 'rgba(15, 23, 42, 0.55)', display: 'flex', alignItems: 'center', justifyContent: 'center',
      padding: '16px', boxSizing: 'border-box'
    });
    var dialog = el('div', {
      background: '#ffffff', color: '#1f2937', width: '100%', maxWidth: '380px', borderRadius: '12px',
      boxShadow: '0 20px 50px rgba(0, 0, 0, 0.3)', overflow: 'hidden', outline: 'none',
      fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif', fontSize: '16px', lineHeight: '1.4'
    }, { role: 'dialog', 'aria-modal': 'true', 'aria-labelledby': id + '-title', 'aria-describedby': id + '-amount', tabindex: '-1' });

    var header = el('div', { background: color, color: '#ffffff', padding: '16px 20px', display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: '12px' });
    var heading = el('div', { minWidth: '0' });
    heading.appendChild(el('h2', { margin: '0', fontSize: '18px', fontWeight: '600' }, { id: id + '-title' }, options.name || 'Payment'));
    if (options.description) heading.appendChild(el('p', { margin: '4px 0 0', fontSize: '14px', opacity: '0.9' }, null, options.description));
    var closeButton = el('button', {
      background: 'transparent', color: '#ffffff', border: '0', fontSize: '24px', lineHeight: '1', cursor: 'pointer',
      padding: '4px 8px', minWidth: '44px', minHeight: '44px', borderRadius: '8px'
    }, { type: 'button', 'aria-label': 'Close' }, '\u00D7');
    header.appendChild(heading);
    header.appendChild(closeButton);

    var body = el('div', { padding: '20px' });
    body.appendChild(el('p', { margin: '0', fontSize: '14px', color: '#4b5563' }, null, 'Amount to pay'));
    var amount = el('p', { margin: '2px 0 16px', fontSize: '28px', fontWeight: '700' }, { id: id + '-amount' },
      typeof options.amount === 'number' ? formatAmount(options.amount, options.currency) : '');
    body.appendChild(amount);
    var contactLines = [prefill.name, prefill.email, prefill.contact].filter(function (value) { return value; });
    if (contactLines.length) {
      body.appendChild(el('p', { margin: '0', fontSize: '14px', color: '#4b5563' }, null, 'Paying as'));
      var contact = el('p', { margin: '2px 0 16px', fontSize: '15px', overflowWrap: 'anywhere' });
      for (var i = 0; i < contactLines.length; i++) {
        if (i) contact.appendChild(el('br'));
        contact.appendChild(document.createTextNode(String(contactLines[i])));
      }
      body.appendChild(contact);
    }
    body.appendChild(el('p', { margin: '0 0 16px', fontSize: '13px', color: '#6b7280' }, null,
      'Test mode: this is the Utsav payment sandbox. No money moves.'));
    var status = el('p', { margin: '0 0 12px', fontSize: '14px', color: '#b91c1c', minHeight: '20px' }, { role: 'status', 'aria-live': 'polite' });
    body.appendChild(status);
    var buttonStyle = { display: 'block', width: '100%', minHeight: '48px', borderRadius: '8px', fontSize: '16px', fontWeight: '600', cursor: 'pointer', marginTop: '8px' };
    var payButton = el('button', Object.assign({}, buttonStyle, { background: color, color: '#ffffff', border: '0' }), { type: 'button' }, 'Pay');
    var failButton = el('button', Object.assign({}, buttonStyle, { background: '#ffffff', color: '#b91c1c', border: '1px solid #b91c1c' }), { type: 'button' }, 'Fail payment');
    body.appendChild(payButton);
    body.appendChild(failButton);
    dialog.appendChild(header);
    dialog.appendChild(body);
    overlay.appendChild(dialog);

    function setBusy(value, message) {
      busy = value;
      payButton.disabled = value;
      failButton.disabled = value;
      closeButton.disabled = value;
      payButton.style.opacity = failButton.style.opacity = value ? '0.6' : '1';
      status.style.color = value ? '#374151' : '#b91c1c';
      status.textContent = message || '';
    }

    function focusable() {
      return [closeButton, payButton, failButton].filter(function (button) { return !button.disabled; });
    }

    function onKey(event) {
      if (!self._dialog) return;
      if (event.key === 'Escape' || event.key === 'Esc') {
        event.preventDefault();
        event.stopPropagation();
        if (!busy && modal.escape !== false) self._dismiss();
      } else if (event.key === 'Tab') {
        // keep focus inside the dialog
        var items = focusable();
        if (!items.length) { event.preventDefault(); dialog.focus(); return; }
        var index = items.indexOf(document.activeElement);
        var next = event.shiftKey ? (index <= 0 ? items.length - 1 : index - 1) : (index === -1 || index === items.length - 1 ? 0 : index + 1);
        event.preventDefault();
        items[next].focus();
      }
    }

    function request(path, extra) {
      var payload = { order_id: options.order_id, key: options.key, email: prefill.email || null, contact: prefill.contact || null, description: options.description || null };
      return post(path, Object.assign(payload, extra || {}));
    }

    function failed(result, fallback) {
      var error = result && result.body && result.body.error;
      setBusy(false, (error && error.description) || fallback);
    }

    closeButton.addEventListener('click', function () { if (!busy) self._dismiss(); });
    overlay.addEventListener('click', function (event) {
      if (event.target === overlay && modal.backdropclose === true && !busy) self._dismiss();
    });
    payButton.addEventListener('click', function () {
      if (busy) return;
      setBusy(true, 'Processing payment\u2026');
      request('/v1/checkout/pay').then(function (result) {
        if (!self._dialog) return;
        if (!result.ok || !result.body || !result.body.razorpay_payment_id) return failed(result, 'The payment could not be completed.');
        self.close();
        if (typeof options.handler === 'function') later(options.handler, {
          razorpay_payment_id: result.body.razorpay_payment_id,
          razorpay_order_id: result.body.razorpay_order_id,
          razorpay_signature: result.body.razorpay_signature
        });
      }, function () {
        if (self._dialog) setBusy(false, 'Could not reach the payment sandbox. Please try again.');
      });
    });
    failButton.addEventListener('click', function () {
      if (busy) return;
      setBusy(true, 'Processing payment\u2026');
      request('/v1/checkout/fail').then(function (result) {
        if (!self._dialog) return;
        if (!result.ok || !result.body || !result.body.error) return failed(result, 'The payment could not be completed.');
        self.close();
        self._emit('payment.failed', { error: result.body.error });
      }, function () {
        if (self._dialog) setBusy(false, 'Could not reach the payment sandbox. Please try again.');
      });
    });

    this._dialog = { overlay: overlay, onKey: onKey, bodyOverflow: document.body.style.overflow, returnFocus: document.activeElement };
    document.addEventListener('keydown', onKey, true);
    document.body.style.overflow = 'hidden';
    document.body.appendChild(overlay);
    if (!BASE) setBusy(false, 'Checkout could not tell where it was loaded from.');
    payButton.focus();

    // the order's own amount and state, as Razorpay's checkout shows them
    if (BASE) {
      request('/v1/checkout/order').then(function (result) {
        if (!self._dialog || busy) return;
        if (!result.ok) return failed(result, 'This order cannot be paid.');
        amount.textContent = formatAmount(result.body.amount, result.body.currency);
        if (result.body.status === 'paid') {
          setBusy(false, 'This order has already been paid.');
          payButton.disabled = failButton.disabled = true;
          payButton.style.opacity = failButton.style.opacity = '0.6';
          closeButton.focus();
        }
      }, function () { /* shown when Pay is pressed */ });
    }
    return this;
  };

  window.Razorpay = Razorpay;
})();
`;
