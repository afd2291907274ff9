import { AutoComplete, Form, Input, type FormRule } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { ja } from '../../i18n/ja';
import { useUsedMenus } from '../../data/live';
import { autoFillPrice, menuSuggestions, type AutoPrice } from './menu-price';
import { storedPrice, type VisitFormValues } from './visit-form-values';
import { useMenuPrice } from './use-menu-price';
import './menu-price-fields.css';

const t = ja.visits.form;

/**
 * 施術メニュー, suggesting the menus used before, and 料金. Choosing or typing a known menu puts its last
 * price in 料金 when 料金 is empty or was put there the same way; a price the person typed stays. The
 * line under 料金 says where a filled-in price came from.
 */
export function MenuAndPriceFields({ menuRules, priceRules }: { menuRules: FormRule[]; priceRules: FormRule[] }) {
  const form = Form.useFormInstance<VisitFormValues>();
  const menus = useUsedMenus().data;
  const priceOf = useMenuPrice();
  const typedMenu = Form.useWatch<string | undefined>('serviceMenu', form);
  const price = Form.useWatch<string | undefined>('price', form);
  // The price put in by a menu: the ref for the lookups' handlers, the state for the line under 料金.
  const filled = useRef<AutoPrice | null>(null);
  const [shownFill, setShownFill] = useState<AutoPrice | null>(null);
  const lookup = useRef(0); // the newest menu's price lookup wins over a slower earlier one

  const options = useMemo(
    () => menuSuggestions(menus ?? [], typedMenu ?? '').map((value) => ({ value })),
    [menus, typedMenu],
  );

  const onMenuChange = (value: string) => {
    const menu = value.trim();
    const ticket = ++lookup.current;
    const known = menus?.includes(menu) ?? false;
    void (known ? priceOf(menu) : Promise.resolve(null)).then((last) => {
      if (ticket !== lookup.current) return;
      const next = autoFillPrice(form.getFieldValue('price') as string | undefined, filled.current, menu, last);
      if (!next) return;
      filled.current = next.filled;
      setShownFill(next.filled);
      form.setFields([{ name: 'price', value: next.price, errors: [] }]);
    });
  };

  const onPriceBlur = () => {
    const stored = storedPrice(form.getFieldValue('price'));
    if (stored !== null) form.setFieldValue('price', stored);
  };

  const from = shownFill !== null && price === shownFill.price ? shownFill.menu : null;
  return (
    <>
      <Form.Item name="serviceMenu" label={t.labels.serviceMenu} rules={menuRules}>
        <AutoComplete
          options={options}
          showSearch={{ filterOption: false }}
          placeholder={t.menuPlaceholder}
          classNames={{ popup: { listItem: 'visit-menu-option' } }}
          listItemHeight={44}
          onChange={onMenuChange}
        />
      </Form.Item>
      <Form.Item
        name="price"
        label={t.labels.price}
        rules={priceRules}
        extra={from === null ? undefined : t.priceFilled(from)}
      >
        <Input inputMode="numeric" autoComplete="off" suffix={t.priceSuffix} onBlur={onPriceBlur} />
      </Form.Item>
    </>
  );
}
