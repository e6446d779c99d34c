// A tiny shopping cart, used by `npm run demo` to show lapp editing real code.

export function createCart() {
  return { items: [] };
}

export function addItem(cart, name, price) {
  if (price < 0) {
    throw new Error("price must not be negative");
  }
  cart.items.push({ name, price });
}

export function total(cart) {
  let sum = 0;
  for (const item of cart.items) {
    sum += item.price;
  }
  return sum;
}

export function describe(cart) {
  return cart.items.map((item) => `${item.name}: ${item.price}`).join("\n");
}
