import { PRODUCT_TYPE_CODES, type ProductType, productTypeLabel } from '@dbo/domain/constants';
import { Tag, Tooltip } from 'antd';

const COLORS: Record<string, string> = { LIQUOR: 'volcano', WINE: 'magenta', BEER: 'gold', 'N/A': 'default' };

/** The type's name (Liquor, Wine, Beer, Other); its TABC class code in the tooltip. */
export function ProductTypeTag({ type }: { type: string }) {
  const code = PRODUCT_TYPE_CODES[type as ProductType];
  return (
    <Tooltip title={code ? `TABC class ${code}` : undefined}>
      <Tag color={COLORS[type] ?? 'default'}>{productTypeLabel(type)}</Tag>
    </Tooltip>
  );
}
