// Given names: our own list, under the project's licence.
//
// Written by hand for redactfs from published frequency statistics (facts,
// not anyone's list): the most frequent given names in Germany (Gesellschaft
// für deutsche Sprache yearly rankings, and the names common among adults
// born 1940-2000), Austria (Statistik Austria, Vornamensstatistik),
// Switzerland (Bundesamt für Statistik, Vornamen der Bevölkerung), the UK
// (Office for National Statistics, baby names in England and Wales) and the
// US (Social Security Administration, popular names by decade), plus names
// common among people of Turkish, Polish, Italian, Arabic and Balkan origin
// living in these countries. No entry comes from a fake-data generator.
// Names that are also everyday words (`Mark`, `Will`, `Rose`, `August`) are
// listed separately in `GivenNamesAmbiguous`: alone they prove nothing.
enum GivenNames {
    static let packed = """
        Frank Ernst Henrike Fenja Mirja Jasper Eike Talea Svantje Matthis Tjark Hanne Insa Thies Hinnerk Meike Kerrin Jette \
        Aaron Abby Abdul Abdullah Abigail Ada Adam Adelheid Adrian Adriana Agnes Ahmad Ahmed Aidan Aiden Aileen \
        Alan Albert Alberto Albrecht Aleksandra Alessandro Alessia Alex Alexa Alexander Alexandra Alexandre Alexis \
        Alfons Alfred Ali Alice Alicia Alina Aline Alisa Alissa Alma Alois Alwin Amanda Amber Amelia Amelie Amina Amir \
        Amy Ana Anastasia Andrea Andreas Andrej Andrew Andrzej Andy Angela Angelika Angelina Angelo Anita Anja Anke \
        Ann Anna Annabel Annabell Anne Annegret Anneliese Annemarie Annett Annette Anni Annika Antje Anton Antonia \
        Antonio Anya Arda Aria Ariana Arianna Arif Armin Arne Arnold Arthur Artur Aubrey Audrey Ava Axel Aylin Ayse \
        Aysel Bärbel Barbara Bastian Beate Beatrice Beatrix Ben Benedikt Benjamin Benno Bernadette Bernd Bernhard \
        Bertha Bettina Betty Bianca Bianka Birgit Björn Blake Bogdan Boris Brandon Brenda Brian Brigitte Britta \
        Brittany Bruno Bryan Burak Caleb Camila Camille Can Carina Carl Carla Carlo Carlos Carmen Carol Carola \
        Caroline Carolyn Carsten Cathrin Catherine Cecilia Cedric Celina Cem Chantal Charles Charlie Charlotte Chiara \
        Chloe Chris Christa Christel Christiane Christina Christine Christoph Christopher Cindy Claire Clara Claudia \
        Claudio Claus Colin Connor Conrad Constanze Cora Corinna Cornelia Cornelius Craig Cynthia Dagmar Daisy Damian \
        Daniel Daniela Daniele Danielle Danny Daria Dario Darius David Debbie Deborah Deniz Denise Dennis Derya Detlef \
        Diana Diane Diego Dieter Dietmar Dietrich Dilara Dimitri Dirk Dominic Dominik Dominika Donald Donna Doris \
        Dorothea Dorothee Dorothy Douglas Dylan Ebru Eckhard Edda Edgar Edith Eduard Edward Edwin Egon Ekaterina Elena \
        Eleni Eleonora Elfriede Eliana Elias Elif Elijah Elisa Elisabeth Elise Elizabeth Elke Ella Ellen Ellie Elly \
        Elmar Elsa Else Emanuel Emil Emilia Emilian Emilie Emily Emir Emma Emre Enrico Enya Eric Erich Erik Erika \
        Erna Ernst-August Erwin Esra Esther Ethan Eugen Eva Evelyn Ewa Fabian Fabienne Fabio Fatima Fatma Felicitas \
        Felix Ferdinand Finn Finja Finnley Fiona Florian Franca Francesca Francesco Franz Franziska Frauke Freddie \
        Frederik Frida Frieda Friedhelm Friedrich Fritz Gabriel Gabriele Gabriella Georg George Georgia Gerald \
        Gerda Gerhard Gerlinde Gernot Gerrit Gert Gertrud Gianluca Gisela Giulia Giuseppe Gregor Gregory Greta Gudrun \
        Guido Gül Gunnar Günter Günther Gustav Hanna Hannah Hannelore Hannes Hans Hans-Jürgen Hans-Peter Harald Harry \
        Harvey Hasan Hatice Heather Hedwig Heidi Heike Heiko Heinrich Heinz Helena Helene Helga Helmut Helmuth Hendrik \
        Henning Henri Henrik Henry Herbert Hermann Hildegard Hilde Holger Horst Hubert Hugo Hüseyin Ian Ibrahim Ida \
        Ilona Ilse Ina Ines Inga Inge Ingeborg Ingo Ingrid Irene Iris Irina Irmgard Isaac Isabel Isabell Isabella \
        Isabelle Isla Ismail Ivan Ivana Jacob Jacqueline Jakob Jakub James Jamie Jan Jana Jane Janet Janina Janine \
        Janis Janko Jannik Jannis Janusz Jasmin Jasmine Jason Jayden Jeanette Jeffrey Jennifer Jens Jeremy Jessica \
        Joachim Joanna Jochen Johann Johanna Johannes John Jonas Jonathan Jordan Jörg Josef Joseph Josephine Joshua \
        Josua Judith Julia Julian Juliane Julie Julius Jürgen Justin Jutta Kai Kaan Karin Karina Karl Karl-Heinz \
        Karla Karolina Karsten Katarina Katarzyna Kate Katharina Katherine Kathrin Kathleen Katja Katrin Kayla Kemal \
        Kenneth Kerstin Kevin Kimberly Klara Klaus Konrad Konstantin Kristin Kübra Kurt Lara Larissa Lars Laura Lauren \
        Laurenz Lea Leah Lena Lennard Lennart Lenny Leo Leon Leonard Leonie Leopold Leni Levi Lewis Liam Lian Liliana \
        Lilly Lina Linda Lisa Lothar Louis Louisa Louise Luca Lucas Lucia Lucy Ludwig Luis Luisa Lukas Luke Luna \
        Lutz Lydia Madeleine Madison Magdalena Mahmoud Maik Maja Malte Manfred Manuel Manuela Maike Mara Marc Marcel \
        Marco Marcus Mareike Margarete Margaretha Margit Margot Maria Marian Marianne Marie Marija Marina Mario Marion \
        Marius Marlene Marlies Marta Martha Martin Martina Marvin Mary Mathias Matteo Matthew Matthias Maurice Max \
        Maxi Maximilian Maya Mehmet Meike Melanie Melissa Melina Merle Mert Mia Michael Michaela Michel Michelle \
        Miguel Mila Milan Mila Milena Minna Mirco Mirjam Mohamed Mohammad Mohammed Monika Moritz Muhammad Murat Mustafa \
        Nadine Nadja Nancy Natalia Natalie Nathalie Nathan Nicholas Nick Nicklas Niclas Nico Nicola Nicolas Nicole \
        Niklas Nikola Nikolai Nikolaus Nils Nina Noah Nora Norbert Oliver Olivia Olga Oskar Oscar Otto Owen Pascal \
        Patricia Patrick Paul Paula Pauline Peter Petra Philipp Philippa Phoebe Pia Piotr Rachel Rafael Raffaela \
        Rainer Ralf Ralph Ramona Raphael Rebecca Rebekka Regina Reinhard Reinhold Renate Rene René Richard Rita Robert \
        Roberto Robin Roland Rolf Roman Ronald Rosemarie Rudolf Rüdiger Ruth Ryan Sabine Sabrina Samantha Samuel \
        Sandra Sara Sarah Sascha Sebastian Selina Serkan Sevgi Sibel Siegfried Sieglinde Silke Silvia Simon Simone \
        Sofia Sofie Sonja Sophia Sophie Stefan Stefanie Steffen Stephan Stephanie Steven Susanne Svea Sven Svenja \
        Sylvia Tamara Tanja Tatjana Theo Theodor Theresa Therese Thomas Thorsten Tim Timo Tobias Tom Tomasz Torsten \
        Udo Ulla Ulrich Ulrike Ursula Uta Ute Uwe Valentin Valentina Valerie Vanessa Vera Verena Veronika Victoria \
        Viktor Viktoria Vincent Waltraud Werner Wilhelm Wilfried Willi Wolfgang Xaver Yannick Yasemin Yusuf Yvonne \
        Zeynep Zoe Zofia Ole Lasse Jonte Mats Henry Matti Emil Anton Paulina Frieda Mathilda Mathilde Jule Smilla \
        Ronja Tilda Helmi Lotta Ilvy Fritzi Johann Jona Elian Levin Milo Mattis Janne Thore Joris Malik Ayla Elisa \
        Nele Romy Ylvi Wiebke Gesa Hauke Sönke Jannes Birte Imke Frerk Gerd Gerdes Heino Heiner Ortwin Ottmar \
        Reiner Siegmund Volker Walter Walther Winfried Wolf-Dieter Hans-Dieter Klaus-Dieter Karl-Heinz Heinz-Jürgen \
        Ernst Egbert Ewald Fridolin Gottfried Gotthard Hartmut Hartwig Heribert Hilmar Ingolf Jost Kuno Leonhard \
        Lorenz Lutz Marek Meinhard Ortrud Rosalie Roswitha Sigrid Traudl Trude Ulf Vinzenz Wendelin Wiltrud \
        Anneliese Edeltraud Elfi Erdmute Evi Friederike Gerti Gesine Gundula Hannah Henriette Herta Hertha Irmtraud \
        Isolde Jolanda Karoline Kunigunde Liselotte Luise Magda Mechthild Notburga Ottilie Resi Rosa Rosina Rotraud \
        Sieglinde Theresia Ulrike Walburga Wilhelmine Annelie Doreen Mandy Peggy Ronny Sindy Jacqueline Kevin \
        Chantal Enrico Silvio Steffi Ricarda Franzi Anett Ines Kathrin Yvette Kristina Nadja Liane Sylke Heidrun \
        Jens-Uwe Uwe-Jens Matthäus Severin Korbinian Quirin Florentin Leopold Valentin Kilian Lorenz Ferdinand \
        Konstantin Vitus Benedikt Magnus Raphaela Theresa Johanna Veronika Franziska Kreszenz Afra Zenzi Loisl \
        Alessio Andri Flurin Gian Jachen Ladina Luzi Mattia Nando Nevio Noé Noemi Rahel Reto Seraina Urs Ueli \
        Beat Beni Bruno Cla Corsin Curdin Dölf Fränzi Heidi Hansruedi Jürg Kaspar Lukas Marlis Pirmin Regula Rösli \
        Ruedi Silvan Sämi Thurgau Urban Vreni Walo Werni Yves Priska Adelina Alva Ayleen Cheyenne Emely Hailey Jolina \
        Joline Josie Kiara Leyla Lilli Liv Malia Marla Mina Mira Nala Neele Paulina Rieke Sina Stina Thea Tessa \
        Aaliyah Abigail Addison Alyssa Andrea Angel Anthony Ashley Austin Avery Bailey Bella Benjamin Bradley Brandon \
        Brayden Brooke Brooklyn Caitlin Cameron Carter Chase Cheryl Christian Cody Cole Courtney Dakota Dalton Dana \
        Danielle Darren Dean Destiny Devin Dominic Dustin Dwayne Dylan Eleanor Elijah Ellie Emma Eric Ethan Evan \
        Everett Gabriella Gavin Gianna Grayson Greg Hailey Haley Hannah Hayden Heather Hunter Isaiah Jack Jackson \
        Jacob Jaden Jake Jared Jasmine Jeremiah Jesse Jessie Jillian Jocelyn Jonah Jordan Jose Joy Juan Julian Kaitlyn \
        Katelyn Kaylee Kelly Kelsey Kendall Kennedy Kevin Kimberly Kyle Landon Layla Leslie Liam Lillian \
        Logan Lucas Mackenzie Madelyn Makayla Mason Matthew Mckenzie Megan Melanie Mia Micah Miles Molly Morgan \
        Natalie Nathaniel Nevaeh Noah Nolan Olivia Paige Parker Payton Peyton Riley Samantha Savannah Sebastian \
        Seth Shane Shawn Sierra Skylar Sophia Spencer Stella Sydney Taylor Trevor Tristan Tyler Victoria Wyatt \
        Xavier Zachary Zoey Barbara Betty Beverly Bobby Bonnie Brenda Carl Carolyn Catherine Charlene Cheryl Chuck \
        Clarence Connie Craig Curtis Dale Darlene Dave Debra Dennis Diane Dolores Don Donna Doris Dorothy Earl Eddie \
        Edna Edith Eileen Elaine Ellen Eugene Evelyn Florence Frances Francis Fred Gail Gary Geraldine Gerald Gladys \
        Glenn Gloria Gordon Harold Harriet Helen Howard Irene Jacqueline Janice Jean Jeffrey Jerry Jim Jimmy Joan Joanne \
        Joe Joel Johnny Judy Julie Karen Kathy Keith Kenneth Larry Laura Lawrence Leonard Linda Lisa Lois Lori \
        Louis Marilyn Marjorie Marvin Melvin Mildred Nancy Norma Pamela Patricia Patsy Peggy Phyllis Ralph Ray Raymond \
        Rebecca Rhonda Rick Rita Robert Roger Ronald Rosemary Roy Russell Ruth Sandra Sharon Sheila Shirley Stanley \
        Stephen Steve Susan Tammy Teresa Terry Theresa Thelma Timothy Todd Tony Tracy Vernon Vicki Victor Virginia \
        Walter Wanda Wayne Wendy Willie Yvonne Alfie Archie Arlo Bobby Ellis Elsie Elliot Evie Finley Florence \
        Freya Frankie Gracie Harley Harriet Harrison Harry Hollie Imogen Isaac Isabelle Jessica Jude Kian Leah Lexi \
        Lola Louie Lucas Maisie Matilda Megan Millie Mollie Nancy Niamh Olly Oscar Ollie Poppy Reggie Rhys Ronnie \
        Rory Rosie Ruby Sienna Sonny Theo Toby Tommy Zachary Zara Aoife Ciara Ciaran Declan Eoin Fergus Hamish \
        Iain Kirsty Lachlan Mairi Morag Niall Orla Seamus Sinead Siobhan Alastair Angus Callum Euan Fraser Gareth \
        Gemma Gethin Gwen Hywel Iwan Lowri Owain Sian Tegan Rhiannon Dafydd Emyr Geraint Aled Bethan Carys Cerys \
        Nigel Trevor Clive Colin Derek Graham Malcolm Neil Roger Stuart Tristram Rupert Giles Jeremy Simon Timothy \
        Andrei Anatoli Dmitri Ewelina Grzegorz Jacek Joanna Jolanta Krzysztof Magdalena Malgorzata Małgorzata Marek \
        Marzena Mateusz Michał Paweł Przemysław Radosław Sławomir Stanisław Tadeusz Tomasz Wojciech Zbigniew Agnieszka \
        Beata Bożena Danuta Dorota Elżbieta Halina Irena Iwona Jadwiga Janina Justyna Kamil Kamila Łukasz Maciej \
        Marcin Monika Renata Sylwia Urszula Wiesław Alessandra Alessio Andrea Angela Antonella Beatrice Carmela \
        Chiara Cristina Davide Domenico Elisa Emanuele Fabrizio Federica Federico Filippo Franco Gabriele Gennaro \
        Giacomo Gianni Giorgio Giovanna Giovanni Giulio Lorenzo Luigi Marcello Massimo Matteo Mauro Michele Nicola \
        Paolo Pietro Raffaele Riccardo Roberta Rocco Salvatore Sergio Silvio Simona Stefano Valentina Vincenzo \
        Ahmet Ali Aynur Bülent Cansu Cengiz Derya Elif Emine Erkan Esma Fadime Gökhan Hakan Halil Hande Ibrahim \
        Ilker Kadir Kerem Leyla Mehmet Melek Merve Metin Necla Nurcan Onur Orhan Osman Ozan Ömer Recep Selin Semra \
        Sinan Songül Tuba Tuncay Tülay Ümit Yasin Yusuf Zehra Zeki Ahmad Amal Aziz Bilal Fadi Farah Hamza Hussein \
        Jamal Karim Khaled Layla Mahmud Mariam Maryam Mona Nadia Nour Omar Rami Rania Samir Sami Tarek Walid Yasmin \
        Youssef Zaid Zainab Adnan Amra Dragan Edin Emina Goran Ivica Jasmina Jelena Marko Milica Milos Mirza Nemanja \
        Nikola Selma Snežana Stefan Tijana Vesna Zoran Zlatan Dejan Dragana Ana-Maria Ioana Mihai Andreea Bogdan \
        Cristian Florin Gheorghe Ion Ionut Mihaela Nicoleta Radu Vasile Oksana Olena Svetlana Tetiana Vladimir \
        Yulia Natalja Sergej Waldemar Viktoria Alina Artjom Dmitrij Jewgeni Ljudmila Nikita Pavel Wladimir Jekaterina
        """
}

/// Given names that are also everyday words or month names: a pair with a
/// surname is not enough for them, they need a salutation or a label.
enum GivenNamesAmbiguous {
    static let packed = """
        Mark Will Rose August April Mai May June Juni Art Hope Grace Joy Faith Dawn Summer Autumn Winter Guy Bill \
        Rich Sunny Sky Chase Hunter Page Penny Sandy Said Can Nur Fee Leben Liebe Gott Sonne Stern Tag Earl Duke \
        King Prince Major Rock Stone Storm Price Lane Bishop Golden Brook Cliff Clay Justice Noble Royal Angel Ace \
        Scout Star Chance Bond Wolf Ray Pat Holly Ivy Lily Daisy Ruby Amber Pearl Crystal Violet Olive Hazel Sage \
        Heather Robin Drew Parker Mason Carter Cooper Taylor Miles Reed Dale Glen Harmony Destiny Haven Heaven
        """
}
