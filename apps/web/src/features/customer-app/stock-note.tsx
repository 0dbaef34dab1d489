/**
 * Under a product: what the distributor takes of it when it is short. Backorders allowed (max null):
 * an out-of-stock product may still be ordered, and says so; otherwise at most the stock.
 */
export function StockNote({ status, max, qty }: { status: string | null; max: number | null; qty: number }) {
  if (max === null)
    return status === 'out_of_stock' ? (
      <div className="shop-stock-note" data-testid="stock-note">
        Out of stock: ordered as a backorder
      </div>
    ) : null;
  if (max === 0)
    return (
      <div className="shop-stock-note" data-testid="stock-note">
        Out of stock: cannot be ordered now
      </div>
    );
  return qty > max ? (
    <div className="shop-stock-note" data-testid="stock-note">
      Only {max} available: lower the quantity
    </div>
  ) : null;
}
