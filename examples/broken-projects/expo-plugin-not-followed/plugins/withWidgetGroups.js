const { addWidgetGroups } = require("./groups");

// The groups come from a helper in another file: widgetlint does not follow it.
module.exports = (config) => {
  config.ios = config.ios ?? {};
  return addWidgetGroups(config, ["widget"]);
};
