/**
 * The members of a string union as a list, checked both ways: a member missing from the list, or a
 * listed string that is no member, fails to compile. `everyMember<Code>()('a', 'b')`.
 */
export function everyMember<Union extends string>() {
  return <const Listed extends readonly Union[]>(...members: Listed & ([Union] extends [Listed[number]] ? unknown : ['missing', Exclude<Union, Listed[number]>])): Listed => members;
}
