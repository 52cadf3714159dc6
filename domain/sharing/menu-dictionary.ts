/**
 * Preset deflate dictionary of words common on UK restaurant and pub receipts. Deflate can refer
 * back into it from the first byte, so a short list of item names shrinks by a half or more where a
 * plain deflate of a few hundred bytes barely gains. Changing it breaks links already issued:
 * a new dictionary needs a new packet version.
 * Deflate codes near matches more cheaply, so the most common words come last.
 */
export const MENU_DICTIONARY = [
  'Vegan Vegetarian Gluten Free Kids Meal Child Portion Extra Add Side of with and or no',
  'Soup of the Day Starter Main Dessert Platter Sharing Board Set Menu Course Tasting',
  'Scampi Calamari Prawn Cocktail Halloumi Fries Nachos Hummus Pitta Bruschetta Arancini Antipasti Focaccia',
  'Steak Sirloin Ribeye Fillet Rump Burger Cheeseburger Beef Pork Belly Chicken Breast Thigh Duck Lamb Shank Rack',
  'Sausage and Mash Bangers Pie Gravy Roast Dinner Yorkshire Pudding Sunday Toad in the Hole Shepherd Cottage',
  'Cod Haddock Salmon Sea Bass Tuna Mussels Crab Lobster Oysters Fish Pie Fishcake Kedgeree',
  'Curry Tikka Masala Korma Madras Jalfrezi Biryani Naan Poppadoms Bhaji Samosa Dal Rice Pilau',
  'Pad Thai Noodles Ramen Gyoza Dumplings Spring Rolls Sushi Bao Katsu Teriyaki Stir Fry',
  'Lasagne Spaghetti Carbonara Bolognese Penne Arrabbiata Linguine Ravioli Gnocchi Pesto Risotto Mushroom',
  'Pizza Margherita Pepperoni Hawaiian Calzone Diavola Quattro Formaggi Fiorentina Marinara Burrata Mozzarella',
  'Salad Caesar Greek Caprese Rocket Coleslaw Side Salad Garden Mixed Leaf Olives Sourdough & Butter Bread Garlic Bread',
  'Chips Fries Truffle Fries Sweet Potato Skin on Onion Rings Mash Wedges Hash Browns Chicken Wings Wings BBQ Buffalo',
  'Fish and Chips Full English Breakfast Eggs Benedict Royale Florentine Avocado Toast Pancakes Bacon Sandwich',
  'Ice Cream Sorbet Cheesecake Brownie Crumble Custard Tiramisu Panna Cotta Eton Mess Sticky Toffee Pudding Affogato',
  'Lager Ale IPA Stout Cider Pint Half Bottle Guinness Peroni Birra Moretti Corona Heineken Camden Hells 330ml 500ml',
  'Wine Glass House Red White Rose Merlot Malbec Rioja Pinot Grigio Sauvignon Blanc Chardonnay Prosecco Champagne 125ml 175ml 250ml',
  'Gin and Tonic Vodka Rum Whisky Double Single Cocktail Mojito Aperol Spritz Margarita Espresso Martini Negroni Mocktail',
  'Coke Diet Coke Coke Zero Lemonade Fanta Sprite Orange Juice Apple Juice J2O Elderflower Ginger Beer Tonic',
  'Still Water Sparkling Water 750ml Tap Water Mineral Water Bottle of Prosecco Bottle of Wine Jug',
  'Tea Coffee Americano Latte Cappuccino Flat White Espresso Mocha Hot Chocolate Peppermint Tea Decaf Oat Milk',
  'Service Charge Discount Voucher Offer Happy Hour Deal Meal Deal Total Tip Cover Charge',
].join('\n');
