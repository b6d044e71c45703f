import { Col, Row } from "antd";
import type { ReactNode } from "react";

/** A list with a filter beside it (the users page's department tree, the roles' categories): 240 px, then the list. */
export function WithAside({ aside, children }: { aside?: ReactNode; children: ReactNode }) {
  if (!aside) return <>{children}</>;
  return (
    <Row gutter={16} wrap={false}>
      <Col flex="240px">{aside}</Col>
      <Col flex="auto" style={{ minWidth: 0 }}>
        {children}
      </Col>
    </Row>
  );
}
