import { Col, Row } from "antd";
import { useState, type ReactNode } from "react";
import { AsideWidthContext } from "../../tree-width";

/**
 * The aside's width until (and unless) its tree asks for more: room for the search box and the
 * tree's buttons. A tree with long titles widens it by the §9 rule (useAsideWidth), up to 40%.
 */
export const ASIDE_MIN_WIDTH = 240;

/** A list with a filter beside it (the users page's department tree, the roles' categories), then the list. */
export function WithAside({ aside, children }: { aside?: ReactNode; children: ReactNode }) {
  const [wanted, setWanted] = useState(0);
  if (!aside) return <>{children}</>;
  const width = Math.max(ASIDE_MIN_WIDTH, wanted);
  return (
    <Row gutter={16} wrap={false}>
      <Col flex={`0 0 ${width}px`} style={{ maxWidth: "40%" }} data-testid="list-aside">
        <AsideWidthContext.Provider value={setWanted}>{aside}</AsideWidthContext.Provider>
      </Col>
      <Col flex="auto" style={{ minWidth: 0 }}>
        {children}
      </Col>
    </Row>
  );
}
