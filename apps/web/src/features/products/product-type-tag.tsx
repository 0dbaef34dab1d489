import { PRODUCT_TYPE_CODES, type ProductType } from '@dbo/domain/constants';
import { Tag, Tooltip } from 'antd';

const COLORS: Record<string, string> = { LIQUOR: 'volcano', WINE: 'magenta', BEER: 'gold', 'N/A': 'default' };

export function ProductTypeTag({ type }: { type: string }) {
  return (
    <Tooltip title={type}>
      <Tag color={COLORS[type] ?? 'default'}>{PRODUCT_TYPE_CODES[type as ProductType] ?? type}</Tag>
    </Tooltip>
  );
}
