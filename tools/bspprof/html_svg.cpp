#include "html_svg.hpp"

#include <algorithm>
#include <cmath>

#include "svg_axis.hpp"
#include "svg_plot.hpp"
#include "tables.hpp"

namespace bspprof {

using toolkit::svg_num;
using toolkit::xml_escape;

namespace {

constexpr double kSlant = 0.7071;    // cos 45 = sin 45
constexpr double kSiteSpacing = 18;  // pixels between slanted labels' anchors
constexpr std::size_t kMostSiteChars = 28;

double number_width(std::size_t step) {
  return kCharWidth * static_cast<double>(std::to_string(step).size()) + 8;
}

}  // namespace

std::string svg_open(double width, double height, const std::string& chart) {
  return "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"100%\" class=\"chart\" data-chart=\"" +
         xml_escape(chart) + "\" viewBox=\"0 0 " + svg_num(width) + " " + svg_num(height) +
         "\" font-family=\"Helvetica, Arial, sans-serif\" font-size=\"12\">\n"
         "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n";
}

std::string short_site(const ProcessStep& p, std::size_t max_chars) {
  std::string site = p.site.empty() ? "?" : p.site;
  const std::size_t slash = site.rfind('/');
  if (slash != std::string::npos) site.erase(0, slash + 1);
  if (!p.label.empty()) site += " [" + p.label + "]";
  return cut_site(site, max_chars, "…");
}

std::string site_text(std::size_t step, const ProcessStep& p, double x_first) {
  const std::string number = std::to_string(step) + ": ";
  const double room = (x_first - 6) / (kSlant * kCharWidth) - static_cast<double>(number.size());
  const auto chars = static_cast<std::size_t>(std::clamp(room, 4.0, double(kMostSiteChars)));
  return number + short_site(p, chars);
}

double site_depth(const std::vector<StepMark>& marks) {
  std::size_t longest = 0;
  for (const StepMark& m : marks) longest = std::max(longest, m.site.size());
  return kSlant * kCharWidth * static_cast<double>(longest) + 12;
}

std::string step_labels(const std::vector<StepMark>& marks, double y_numbers, double y_sites) {
  std::string out;
  double last_number = -1e9, last_site = -1e9;
  for (const StepMark& m : marks) {
    const std::string tag = " data-step=\"" + std::to_string(m.step) + "\"";
    if (m.x - last_number >= number_width(m.step)) {
      out += "<text class=\"step-number\"" + tag + " x=\"" + svg_num(m.x) + "\" y=\"" +
             svg_num(y_numbers) + "\" text-anchor=\"middle\" font-weight=\"bold\">" +
             std::to_string(m.step) + "</text>\n";
      last_number = m.x;
    }
    if (m.x - last_site >= kSiteSpacing && !m.site.empty()) {
      out += "<line x1=\"" + svg_num(m.x) + "\" x2=\"" + svg_num(m.x) + "\" y1=\"" +
             svg_num(y_sites - 12) + "\" y2=\"" + svg_num(y_sites - 6) + "\" stroke=\"#555\"/>" +
             "<text class=\"step-site\"" + tag + " transform=\"translate(" + svg_num(m.x + 3) +
             "," + svg_num(y_sites) + ") rotate(-45)\" text-anchor=\"end\" font-size=\"11\">" +
             xml_escape(m.site) + "</text>\n";
      last_site = m.x;
    }
  }
  return out;
}

void Legend::add(const std::string& color, double opacity, bool dashed, const std::string& name) {
  const double width = 20 + kCharWidth * 1.1 * static_cast<double>(name.size()) + 18;
  if (x_ > x_min_ && x_ + width > x_max_) {
    x_ = x_min_;
    y_ += 20;
  }
  svg_ += "<g data-legend=\"" + xml_escape(name) + "\">";
  if (dashed)
    svg_ += "<line x1=\"" + svg_num(x_) + "\" x2=\"" + svg_num(x_ + 16) + "\" y1=\"" +
            svg_num(y_ - 5) + "\" y2=\"" + svg_num(y_ - 5) + "\" stroke=\"" + xml_escape(color) +
            "\" stroke-dasharray=\"3,3\"/>";
  else
    svg_ += "<rect x=\"" + svg_num(x_) + "\" y=\"" + svg_num(y_ - 11) +
            "\" width=\"14\" height=\"14\" fill=\"" + xml_escape(color) + "\" fill-opacity=\"" +
            svg_num(opacity) + "\"/>";
  svg_ += "<text x=\"" + svg_num(x_ + 20) + "\" y=\"" + svg_num(y_) + "\">" + xml_escape(name) +
          "</text></g>\n";
  x_ += width;
}

}  // namespace bspprof
